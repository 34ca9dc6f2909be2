#pragma once

#include "library/libraryentry.h"

#include <QCryptographicHash>
#include <QTimeZone>

namespace gputriage::testing {

// A made-up analysed bundle, the same for the same number: tests and the bench fill libraries
// with these. Bundle n has `findings` findings, Xid 79 on a board whose serial repeats every
// five bundles, and one of two driver versions.
inline LibraryEntry generatedEntry(int n, int findings = 4, const QString &customer = {})
{
    LibraryEntry e;
    e.identity = QString::fromLatin1(
        QCryptographicHash::hash(QByteArray("bundle-" + QByteArray::number(n)),
                                 QCryptographicHash::Sha256)
            .toHex());
    e.name = QStringLiteral("nvidia-bug-report-%1.log.gz").arg(n);
    e.caseId = QString::number(1000 + n);
    e.customer = customer;
    e.analysedAt
        = QDateTime(QDate(2026, 1, 1), QTime(8, 0), QTimeZone::UTC).addSecs(qint64(n) * 3600);
    e.analysedBy = QStringLiteral("engineer");
    e.toolVersion = QStringLiteral("0.1.0");
    e.packs = {QStringLiteral("nvidia-containers 2026.12.0")};
    e.driverVersion = n % 2 ? QStringLiteral("580.65.06") : QStringLiteral("570.158.08");
    e.cudaVersion = n % 2 ? QStringLiteral("13.0") : QStringLiteral("12.8");
    e.facts = {{QStringLiteral("kernel_driver"), e.driverVersion},
               {QStringLiteral("driver_cuda"), e.cudaVersion}};
    const QString serial = QStringLiteral("16549220%1").arg(n % 5, 5, 10, QLatin1Char('0'));
    LibraryGpu gpu{
        QStringLiteral("0000:3b:00"),
        QStringLiteral("GPU-%1-0000-0000-0000-000000000000").arg(n % 5, 8, 10, QLatin1Char('0')),
        serial,
        QStringLiteral("NVIDIA H100 80GB HBM3"),
        Severity::Critical,
        QStringLiteral("RESET_GPU"),
        QStringLiteral("Reset the GPU"),
        {}};
    for (int i = 0; i < findings; ++i) {
        LibraryFinding f;
        if (i == 0) {
            f.rule = QStringLiteral("xid.catalog");
            f.code = QStringLiteral("Xid 79");
            f.title = QStringLiteral("Xid 79: GPU has fallen off the bus");
            f.severity = Severity::Critical;
            f.gpu = gpu.busId;
        } else {
            // Rules shared by many bundles, and some only a few bundles have.
            f.rule = QStringLiteral("rule.%1").arg((n * 7 + i * 13) % (i % 2 ? 50 : 400));
            f.title = QStringLiteral("Generated finding %1").arg(f.rule);
            f.severity = Severity(i % 4);
        }
        f.signature = f.code.isEmpty() ? f.rule : f.rule + QLatin1Char('|') + f.code;
        f.count = 1 + (n + i) % 9;
        f.firstTime = QStringLiteral("Jan  1 08:00:%1").arg(i % 60, 2, 10, QLatin1Char('0'));
        f.lastTime = f.firstTime;
        e.findings << f;
    }
    gpu.events << LibraryGpuEvent{
        QStringLiteral("xid.catalog"),     QStringLiteral("Xid 79"),         Severity::Critical, 2,
        QStringLiteral("Jan  1 08:00:00"), QStringLiteral("Jan  1 08:00:05")};
    e.gpus << gpu;
    return e;
}

} // namespace gputriage::testing
