#include "engine/exampletester.h"
#include "rules/ruledraft.h"
#include "rules/ruleloader.h"
#include "text/normalizer.h"

#include <QTest>

#include <re2/re2.h>

using namespace gputriage;

namespace {
// Whether the draft's pattern finds the line as the matcher sees it (normalized).
bool draftMatches(const QString &pattern, const QByteArray &raw)
{
    std::string normalized;
    Normalizer::normalize(std::string_view(raw.constData(), size_t(raw.size())), normalized);
    const RE2 re(pattern.toStdString());
    return re.ok() && RE2::PartialMatch(normalized, re);
}

QString factsText(const std::map<QString, QString> &facts)
{
    QStringList out;
    for (const auto &[name, value] : facts)
        out << name + QLatin1Char('=') + value;
    return out.join(QLatin1Char(' '));
}
} // namespace

class TestRuleDraft : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void generalizesRealNvidiaLines_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("facts");      // the captures and their values in `line`
        QTest::addColumn<QByteArray>("similar"); // the same message with other values: matches
        QTest::addColumn<QByteArray>("other");   // a different message: does not match

        QTest::newRow("forward compat, CRI prefix")
            << QByteArray("2025-11-30T08:15:02.118Z stdout F NOTE: CUDA Forward Compatibility "
                          "mode ENABLED.")
            << QString()
            << QByteArray("2026-01-02T00:00:00Z stderr F NOTE:   CUDA Forward Compatibility "
                          "mode ENABLED.")
            << QByteArray("NOTE: CUDA Forward Compatibility mode DISABLED.");
        QTest::newRow("xid, dmesg prefix: bus id and xid captured, pid generalized")
            << QByteArray("[ 9512.662164] NVRM: Xid (PCI:0000:86:00): 79, pid=51877, "
                          "name=python3, GPU has fallen off the bus.")
            << QStringLiteral("pci=0000:86:00 xid=79")
            << QByteArray("[   12.000001] NVRM: Xid (PCI:0000:3b:00): 48, pid=1, name=python3, "
                          "GPU has fallen off the bus.")
            << QByteArray("NVRM: Xid (PCI:0000:86:00): 79, pid=51877, name=python3, Ch 00000008");
        QTest::newRow("kernel module: driver version, build date generalized")
            << QByteArray("[    4.131977] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                          "570.158.08  Tue Jun 10 21:17:04 UTC 2025")
            << QStringLiteral("kernel_driver=570.158.08")
            << QByteArray("NVRM: loading NVIDIA UNIX x86_64 Kernel Module  580.65.06  Sun Jul 27 "
                          "07:09:58 UTC 2025")
            << QByteArray("NVRM: loading NVIDIA UNIX aarch64 Kernel Module  580.65.06  Sun Jul 27 "
                          "07:09:58 UTC 2025");
        QTest::newRow("nvidia-smi banner in a box")
            << QByteArray("| NVIDIA-SMI 570.158.08             Driver Version: 570.158.08     "
                          "CUDA Version: 12.8     |")
            << QStringLiteral("cuda_version=12.8 driver_version=570.158.08 version=570.158.08")
            << QByteArray("| NVIDIA-SMI 580.65.06    Driver Version: 580.65.06   CUDA Version: "
                          "13.0 |")
            << QByteArray("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA "
                          "driver.");
        QTest::newRow("gpu uuid and bus id")
            << QByteArray("[ 8123.400118] NVRM: GPU at PCI:0000:3b:00: "
                          "GPU-2f6c1e0a-7d3b-4c1e-9a55-0b8e3f4d6a21")
            << QStringLiteral("gpu_uuid=GPU-2f6c1e0a-7d3b-4c1e-9a55-0b8e3f4d6a21 pci=0000:3b:00")
            << QByteArray("NVRM: GPU at PCI:0000:86:00: GPU-9b1d77c4-3e20-4f8a-8c61-5d2e90a7b3f0")
            << QByteArray("NVRM: GPU at PCI:0000:86:00: fallen off the bus");
        QTest::newRow("syslog, daemon pid in brackets")
            << QByteArray("Nov 30 08:15:05 node-1 nvidia-persistenced[1234]: Failed to query "
                          "NVIDIA devices. Please ensure that the NVIDIA device files "
                          "(/dev/nvidia*) exist")
            << QString()
            << QByteArray("Dec  1 00:00:00 gpu-07 nvidia-persistenced[99]: Failed to query NVIDIA "
                          "devices. Please ensure that the NVIDIA device files (/dev/nvidia*) "
                          "exist")
            << QByteArray("Failed to query NVIDIA devices.");
        QTest::newRow("cuda error code and address")
            << QByteArray("RuntimeError: CUDA error: out of memory (error 2) at 0x7f3a2c000000")
            << QStringLiteral("error=2")
            << QByteArray("RuntimeError: CUDA error: out of memory (error 700) at 0xdeadbeef")
            << QByteArray("RuntimeError: CUDA error: invalid argument (error 1) at 0x1");
        QTest::newRow("nccl with host:pid:tid")
            << QByteArray("node7:4021:4100 [0] NCCL WARN NET/IB : Got async event : port error")
            << QStringLiteral("n=4021 n_2=4100")
            << QByteArray("node7:12:13 [3] NCCL WARN NET/IB : Got async event : port error")
            << QByteArray("node7:12:13 [3] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB");
        QTest::newRow("nvml mismatch, nothing to generalize")
            << QByteArray("Failed to initialize NVML: Driver/library version mismatch") << QString()
            << QByteArray("│ Failed to initialize NVML: Driver/library version mismatch │")
            << QByteArray("Failed to initialize NVML: Unknown Error");
    }
    void generalizesRealNvidiaLines()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, facts);
        QFETCH(QByteArray, similar);
        QFETCH(QByteArray, other);
        const RuleDraft draft
            = draftRuleFromLine(std::string_view(line.constData(), size_t(line.size())));
        QCOMPARE(factsText(draft.facts), facts);
        QVERIFY2(draftMatches(draft.pattern, line), qPrintable(draft.pattern));
        QVERIFY2(draftMatches(draft.pattern, similar), qPrintable(draft.pattern));
        QVERIFY2(!draftMatches(draft.pattern, other), qPrintable(draft.pattern));
        QVERIFY(draft.id.startsWith(u"user."));
        QVERIFY(!draft.title.isEmpty() && draft.title.size() <= 72);

        // The draft file loads without errors and its own example passes.
        RuleSet set;
        RuleLoader(set).loadText(draft.yaml(), QStringLiteral("draft.yaml"), true);
        finishRules(set);
        for (const Diagnostic &d : set.diagnostics)
            QVERIFY2(!d.isError(), qPrintable(d.toString()));
        QCOMPARE(set.rules.size(), size_t(1));
        const auto results = runExamples(set);
        QCOMPARE(results.size(), 1);
        QVERIFY2(results.front().passed, qPrintable(results.front().message));
    }

    void theDraftIsReadableAsText()
    {
        const RuleDraft draft = draftRuleFromLine(
            "NVRM: Xid (PCI:0000:86:00): 79, pid=51877, name=python3, GPU has fallen off the bus.");
        QCOMPARE(draft.id, QStringLiteral("user.nvrm-xid-pci-pid-name"));
        QCOMPARE(
            draft.pattern,
            QStringLiteral("NVRM:\\s+Xid\\s+\\(PCI:(?P<pci>(?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:"
                           "[0-9a-fA-F]{2}(?:\\.[0-7])?)\\):\\s+(?P<xid>\\d+),\\s+pid=\\d+,\\s+"
                           "name=python3,\\s+GPU\\s+has\\s+fallen\\s+off\\s+the\\s+bus\\."));
        const QByteArray yaml = draft.yaml();
        QVERIFY(yaml.contains("    severity: warning\n"));
        QVERIFY(yaml.contains("        expect: {pci: '0000:86:00', xid: '79'}\n"));
    }

    void quotesInTheLineStayValidYaml()
    {
        const RuleDraft draft = draftRuleFromLine("can't open '/dev/nvidiactl': No such file");
        RuleSet set;
        RuleLoader(set).loadText(draft.yaml(), QStringLiteral("draft.yaml"), true);
        finishRules(set);
        QCOMPARE(set.rules.size(), size_t(1));
        QVERIFY(runExamples(set).front().passed);
    }
};

QTEST_GUILESS_MAIN(TestRuleDraft)
#include "tst_ruledraft.moc"
