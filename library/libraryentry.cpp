#include "libraryentry.h"

#include "engine/gpus.h"
#include "paths.h"
#include "report/redactor.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <pwd.h>
#include <unistd.h>

namespace gputriage {

namespace {

QString codeOf(const Facts &facts)
{
    for (const char *name : {"xid", "sxid"})
        if (const auto it = facts.find(QLatin1String(name));
            it != facts.end() && !it->second.isEmpty())
            return QLatin1String(qstrcmp(name, "xid") == 0 ? "Xid " : "SXid ") + it->second;
    return {};
}

// Group facts that name one machine, GPU, file or process, not the kind of event.
bool identifiesPlace(const QString &name)
{
    static const QStringList words
        = {QStringLiteral("pci"),       QStringLiteral("bus"),    QStringLiteral("gpu"),
           QStringLiteral("device"),    QStringLiteral("uuid"),   QStringLiteral("serial"),
           QStringLiteral("host"),      QStringLiteral("node"),   QStringLiteral("file"),
           QStringLiteral("path"),      QStringLiteral("pid"),    QStringLiteral("pod"),
           QStringLiteral("container"), QStringLiteral("source"), QStringLiteral("xid"),
           QStringLiteral("sxid")};
    return std::any_of(words.begin(), words.end(),
                       [&](const QString &w) { return name.contains(w); });
}

QString firstFact(const QList<BundleFact> &facts, std::initializer_list<const char *> names)
{
    for (const char *name : names) {
        const BundleFact *best = nullptr;
        for (const BundleFact &f : facts)
            if (f.name == QLatin1String(name) && (!best || f.count > best->count))
                best = &f;
        if (best)
            return best->value;
    }
    return {};
}

QString userName()
{
    if (const QString user = qEnvironmentVariable("USER"); !user.isEmpty())
        return user;
    if (const passwd *pw = ::getpwuid(::geteuid()))
        return QString::fromLocal8Bit(pw->pw_name);
    return {};
}

void hashFile(QCryptographicHash &hash, const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return;
    hash.addData(&file);
}

QString severityText(Severity s)
{
    return severityName(s);
}
Severity severityOf(const QJsonValue &v)
{
    return severityFromName(v.toString()).value_or(Severity::Info);
}

} // namespace

QString findingSignature(const Finding &finding)
{
    QStringList parts{finding.ruleId};
    if (const QString code = codeOf(finding.facts); !code.isEmpty())
        parts << code;
    for (const auto &[name, value] : finding.group)
        if (!identifiesPlace(name) && !value.isEmpty())
            parts << name + QLatin1Char('=') + value;
    return parts.join(QLatin1Char('|'));
}

QString defaultCasePattern()
{
    return QStringLiteral("(?i)(?:case|ticket|sr|nvbug)[-_ #]?(\\d{3,})");
}

QString contentIdentity(const QStringList &paths)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    std::vector<std::pair<QString, QString>> files; // relative name, path
    for (const QString &path : paths) {
        const QFileInfo info(path);
        if (info.isDir()) {
            const QDir root(path);
            QDirIterator it(path, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString file = it.next();
                if (!QFileInfo(file).isSymLink())
                    files.emplace_back(root.relativeFilePath(file), file);
            }
        } else if (info.isFile()) {
            files.emplace_back(QString(), path);
        }
    }
    if (files.empty())
        return {};
    // Name order, then content: the hash does not depend on the order of the arguments.
    std::vector<QByteArray> parts;
    for (const auto &[name, path] : files) {
        QCryptographicHash one(QCryptographicHash::Sha256);
        hashFile(one, path);
        parts.push_back(name.toUtf8() + '\0' + one.result().toHex());
    }
    std::sort(parts.begin(), parts.end());
    for (const QByteArray &p : parts)
        hash.addData(QByteArray(p + '\n'));
    return QString::fromLatin1(hash.result().toHex());
}

LibraryEntry
libraryEntry(const AnalysisResult &analysed, const QStringList &paths, const EntryOptions &options)
{
    const AnalysisResult result
        = options.redact ? reportView(analysed, std::nullopt, true) : analysed;
    LibraryEntry e;
    e.identity = contentIdentity(paths);
    QStringList names;
    for (const QString &p : paths)
        names << shownPath(QFileInfo(QDir::cleanPath(p)).fileName());
    e.name = names.join(QLatin1String(", "));
    e.caseId = options.caseId;
    if (e.caseId.isEmpty()) {
        const QRegularExpression re(options.casePattern.isEmpty() ? defaultCasePattern()
                                                                  : options.casePattern);
        for (const QString &p : paths) {
            const QRegularExpressionMatch m = re.match(shownPath(p));
            if (m.hasMatch()) {
                e.caseId = m.lastCapturedIndex() >= 1 ? m.captured(1) : m.captured(0);
                break;
            }
        }
    }
    e.customer = options.customer;
    e.analysedAt
        = (options.analysedAt.isValid() ? options.analysedAt : QDateTime::currentDateTimeUtc())
              .toUTC();
    e.analysedAt.setTime(QTime(e.analysedAt.time().hour(), e.analysedAt.time().minute(),
                               e.analysedAt.time().second()));
    e.analysedBy = userName();
    e.toolVersion = QStringLiteral(GPUTRIAGE_VERSION);
    for (const RulePackInfo &p : result.packs)
        e.packs << (p.version.isEmpty() ? p.pack : p.pack + QLatin1Char(' ') + p.version);
    e.driverVersion = firstFact(result.facts, {"kernel_driver", "driver", "host_driver"});
    e.cudaVersion = firstFact(result.facts, {"driver_cuda", "cuda", "container_cuda"});
    e.redacted = options.redact;
    std::map<QString, int> seen;
    for (const BundleFact &f : result.facts)
        if (auto it = seen.find(f.name); it == seen.end() || f.count > it->second) {
            seen[f.name] = f.count;
            e.facts[f.name] = f.value;
        }
    for (const Finding &f : result.findings) {
        LibraryFinding lf;
        lf.signature = findingSignature(f);
        lf.rule = f.ruleId;
        lf.title = f.title;
        lf.code = codeOf(f.facts);
        lf.severity = f.severity;
        lf.gpu = gpuOfFacts(f.facts);
        lf.count = f.count;
        for (const Occurrence &o : f.occurrences)
            if (!o.time.isEmpty()) {
                if (lf.firstTime.isEmpty())
                    lf.firstTime = o.time;
                lf.lastTime = o.time;
            }
        e.findings << lf;
    }
    for (const GpuVerdict &g : result.gpus) {
        LibraryGpu lg{g.key, g.uuid, g.serial, g.name, g.severity, g.resolution, g.action, {}};
        for (const GpuEvent &ev : g.events)
            lg.events << LibraryGpuEvent{ev.rule,  ev.code,      ev.severity,
                                         ev.count, ev.firstTime, ev.lastTime};
        e.gpus << lg;
    }
    return e;
}

QJsonObject entryToJson(const LibraryEntry &e)
{
    QJsonObject facts;
    for (const auto &[k, v] : e.facts)
        facts.insert(k, v);
    QJsonArray findings, gpus;
    for (const LibraryFinding &f : e.findings)
        findings.append(QJsonObject{{QStringLiteral("signature"), f.signature},
                                    {QStringLiteral("rule"), f.rule},
                                    {QStringLiteral("title"), f.title},
                                    {QStringLiteral("code"), f.code},
                                    {QStringLiteral("severity"), severityText(f.severity)},
                                    {QStringLiteral("gpu"), f.gpu},
                                    {QStringLiteral("count"), f.count},
                                    {QStringLiteral("first"), f.firstTime},
                                    {QStringLiteral("last"), f.lastTime}});
    for (const LibraryGpu &g : e.gpus) {
        QJsonArray events;
        for (const LibraryGpuEvent &ev : g.events)
            events.append(QJsonObject{{QStringLiteral("rule"), ev.rule},
                                      {QStringLiteral("code"), ev.code},
                                      {QStringLiteral("severity"), severityText(ev.severity)},
                                      {QStringLiteral("count"), ev.count},
                                      {QStringLiteral("first"), ev.firstTime},
                                      {QStringLiteral("last"), ev.lastTime}});
        gpus.append(QJsonObject{{QStringLiteral("bus_id"), g.busId},
                                {QStringLiteral("uuid"), g.uuid},
                                {QStringLiteral("serial"), g.serial},
                                {QStringLiteral("name"), g.name},
                                {QStringLiteral("severity"), severityText(g.severity)},
                                {QStringLiteral("resolution"), g.resolution},
                                {QStringLiteral("action"), g.action},
                                {QStringLiteral("events"), events}});
    }
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("gputriage/library-entry/v1")},
                       {QStringLiteral("identity"), e.identity},
                       {QStringLiteral("name"), e.name},
                       {QStringLiteral("case"), e.caseId},
                       {QStringLiteral("customer"), e.customer},
                       {QStringLiteral("analysed_at"), e.analysedAt.toString(Qt::ISODate)},
                       {QStringLiteral("analysed_by"), e.analysedBy},
                       {QStringLiteral("tool_version"), e.toolVersion},
                       {QStringLiteral("packs"), QJsonArray::fromStringList(e.packs)},
                       {QStringLiteral("driver_version"), e.driverVersion},
                       {QStringLiteral("cuda_version"), e.cudaVersion},
                       {QStringLiteral("redacted"), e.redacted},
                       {QStringLiteral("facts"), facts},
                       {QStringLiteral("findings"), findings},
                       {QStringLiteral("gpus"), gpus}};
}

Result<LibraryEntry> entryFromJson(const QJsonObject &o)
{
    auto s = [&](const char *key) {
        return o.value(QLatin1String(key)).toString();
    };
    if (s("schema") != QLatin1String("gputriage/library-entry/v1"))
        return Error{
            {}, 0, 0, QStringLiteral("not a library entry (schema '%1')").arg(s("schema"))};
    LibraryEntry e;
    e.identity = s("identity");
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    if (!hex.match(e.identity).hasMatch())
        return Error{{}, 0, 0, QStringLiteral("its identity is not a sha256 in hex")};
    e.name = s("name");
    e.caseId = s("case");
    e.customer = s("customer");
    e.analysedAt = QDateTime::fromString(s("analysed_at"), Qt::ISODate).toUTC();
    if (!e.analysedAt.isValid())
        return Error{{}, 0, 0, QStringLiteral("its analysed_at is not a date and time")};
    e.analysedBy = s("analysed_by");
    e.toolVersion = s("tool_version");
    for (const QJsonValue &p : o.value(QLatin1String("packs")).toArray())
        e.packs << p.toString();
    e.driverVersion = s("driver_version");
    e.cudaVersion = s("cuda_version");
    e.redacted = o.value(QLatin1String("redacted")).toBool();
    const QJsonObject facts = o.value(QLatin1String("facts")).toObject();
    for (auto it = facts.begin(); it != facts.end(); ++it)
        e.facts[it.key()] = it.value().toString();
    auto t = [](const QJsonObject &x, const char *key) {
        return x.value(QLatin1String(key)).toString();
    };
    for (const QJsonValue &v : o.value(QLatin1String("findings")).toArray()) {
        const QJsonObject f = v.toObject();
        e.findings << LibraryFinding{t(f, "signature"),
                                     t(f, "rule"),
                                     t(f, "title"),
                                     t(f, "code"),
                                     severityOf(f.value(QLatin1String("severity"))),
                                     t(f, "gpu"),
                                     f.value(QLatin1String("count")).toInt(),
                                     t(f, "first"),
                                     t(f, "last")};
        if (e.findings.last().rule.isEmpty() || e.findings.last().signature.isEmpty())
            return Error{{}, 0, 0, QStringLiteral("a finding without rule or signature")};
    }
    for (const QJsonValue &v : o.value(QLatin1String("gpus")).toArray()) {
        const QJsonObject g = v.toObject();
        LibraryGpu lg{t(g, "bus_id"),
                      t(g, "uuid"),
                      t(g, "serial"),
                      t(g, "name"),
                      severityOf(g.value(QLatin1String("severity"))),
                      t(g, "resolution"),
                      t(g, "action"),
                      {}};
        for (const QJsonValue &ev : g.value(QLatin1String("events")).toArray()) {
            const QJsonObject x = ev.toObject();
            lg.events << LibraryGpuEvent{t(x, "rule"),
                                         t(x, "code"),
                                         severityOf(x.value(QLatin1String("severity"))),
                                         x.value(QLatin1String("count")).toInt(),
                                         t(x, "first"),
                                         t(x, "last")};
        }
        e.gpus << lg;
    }
    return e;
}

} // namespace gputriage
