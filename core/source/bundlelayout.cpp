#include "source/bundlelayout.h"

#include <QRegularExpression>

#include <cstring>
#include <optional>

namespace gputriage {

namespace {

QString baseName(const QString &path)
{
    const qsizetype cut
        = std::max(path.lastIndexOf(QLatin1Char('/')), path.lastIndexOf(QLatin1Char('!')));
    return path.mid(cut + 1);
}

} // namespace

QString entryLabel(const QString &path)
{
    static const QRegularExpression kubelet(
        QStringLiteral("pods/([a-z0-9-]+)_([a-z0-9.-]+)_[0-9a-f-]{8,}/([a-z0-9-]+)/[0-9]+\\.log"));
    static const QRegularExpression operand(
        QStringLiteral("^gpu_operand_pod_(.+?)(\\.previous)?\\.(log|descr)$"));
    if (const auto m = kubelet.match(path); m.hasMatch())
        return m.captured(1) + QLatin1Char('/') + m.captured(2) + QLatin1Char('/') + m.captured(3);
    if (const auto m = operand.match(baseName(path)); m.hasMatch())
        return QLatin1String("pod ") + m.captured(1)
               + (m.captured(2).isEmpty() ? QString() : QStringLiteral(" (previous)"));
    if (baseName(path) == QLatin1String("gpu_operator_pod.log"))
        return QStringLiteral("GPU Operator pod");
    static const QRegularExpression sosCommand(QStringLiteral("sos_commands/([^/!]+)/([^/!]+)$"));
    if (const auto m = sosCommand.match(path); m.hasMatch()) // sos mangles spaces to '_'
        return QStringLiteral("sos %1: %2")
            .arg(m.captured(1), QString(m.captured(2)).replace(QLatin1Char('_'), QLatin1Char(' ')));
    return {};
}

QList<BundleFact> layoutFacts(const QStringList &entryPaths)
{
    QList<BundleFact> facts;
    QString mustGatherLog;
    std::optional<QString> sosRoot;
    bool operatorFiles = false;
    QStringList bugReports;
    for (const QString &path : entryPaths) {
        const QString name = baseName(path);
        if (name == QLatin1String("must-gather.log") && mustGatherLog.isEmpty())
            mustGatherLog = path;
        if (name.startsWith(QLatin1String("cluster_policy."))
            || name == QLatin1String("gpu_operand_pods.status"))
            operatorFiles = true;
        if (const qsizetype at = path.indexOf(QLatin1String("sos_commands/")); at >= 0 && !sosRoot)
            sosRoot = path.left(at);
        if (path.endsWith(QLatin1String("!prologue")))
            bugReports.append(path.chopped(int(strlen("!prologue"))));
    }
    if (!mustGatherLog.isEmpty() && operatorFiles)
        facts.append({.name = QStringLiteral("bundle_type"),
                      .value = QStringLiteral("gpu-operator-must-gather"),
                      .path = mustGatherLog});
    if (sosRoot)
        facts.append({.name = QStringLiteral("bundle_type"),
                      .value = QStringLiteral("sosreport"),
                      .path = sosRoot->isEmpty() ? QStringLiteral(".") : *sosRoot});
    bugReports.sort();
    for (const QString &report : std::as_const(bugReports))
        facts.append({.name = QStringLiteral("bundle_type"),
                      .value = QStringLiteral("nvidia-bug-report"),
                      .path = report});
    return facts;
}

} // namespace gputriage
