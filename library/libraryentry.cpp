#include "libraryentry.h"

#include "engine/gpus.h"
#include "paths.h"
#include "report/jsonreport.h"
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

void hashFile(QCryptographicHash &hash, const QString &path, const std::atomic<bool> *cancel)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return;
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    for (qint64 n; (!cancel || !*cancel) && (n = file.read(buffer.data(), buffer.size())) > 0;)
        hash.addData(QByteArrayView(buffer.constData(), n));
}

QString severityText(Severity s)
{
    return severityName(s);
}
Severity severityOf(const QJsonValue &v)
{
    return severityFromName(v.toString()).value_or(Severity::Info);
}

QJsonObject factsJson(const Facts &facts)
{
    QJsonObject o;
    for (const auto &[k, v] : facts)
        o.insert(k, v);
    return o;
}

Facts factsOf(const QJsonValue &v)
{
    Facts facts;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        facts[it.key()] = it.value().toString();
    return facts;
}

InputFormat inputFormatOf(const QString &name)
{
    for (InputFormat f :
         {InputFormat::Plain, InputFormat::Cri, InputFormat::Binary, InputFormat::Unread})
        if (inputFormatName(f) == name)
            return f;
    return InputFormat::Plain;
}

QJsonObject problemJson(const Error &e)
{
    return QJsonObject{{QStringLiteral("path"), e.file},
                       {QStringLiteral("line"), e.line},
                       {QStringLiteral("column"), e.column},
                       {QStringLiteral("message"), e.message},
                       {QStringLiteral("warning"), e.warning}};
}

// What a report needs beyond the library's tables (see LibraryEntry::report).
QJsonObject reportDetail(const AnalysisResult &r)
{
    QJsonArray packs, inputs, problems, facts, findings, gpus;
    for (const RulePackInfo &p : r.packs)
        packs.append(QJsonObject{{QStringLiteral("pack"), p.pack},
                                 {QStringLiteral("version"), p.version},
                                 {QStringLiteral("rules"), p.rules},
                                 {QStringLiteral("user"), p.user}});
    for (const InputInfo &in : r.inputs)
        inputs.append(inputJson(in));
    for (const Error &e : r.problems)
        problems.append(problemJson(e));
    for (const BundleFact &f : r.facts)
        facts.append(factJson(f));
    for (const Finding &f : r.findings) {
        QJsonArray references, comparisons;
        for (const Reference &ref : f.references)
            references.append(QJsonObject{{QStringLiteral("title"), ref.title},
                                          {QStringLiteral("url"), ref.url}});
        for (const Comparison &c : f.comparisons)
            comparisons.append(QJsonObject{{QStringLiteral("left_fact"), c.leftName},
                                           {QStringLiteral("left"), c.left},
                                           {QStringLiteral("op"), compareOpName(c.op)},
                                           {QStringLiteral("right_fact"), c.rightName},
                                           {QStringLiteral("right"), c.right},
                                           {QStringLiteral("holds"), c.holds},
                                           {QStringLiteral("says"), c.says},
                                           {QStringLiteral("left_source"), c.leftSource},
                                           {QStringLiteral("right_source"), c.rightSource}});
        findings.append(QJsonObject{{QStringLiteral("pack"), f.pack},
                                    {QStringLiteral("group"), factsJson(f.group)},
                                    {QStringLiteral("facts"), factsJson(f.facts)},
                                    {QStringLiteral("fact_sources"), factsJson(f.factSources)},
                                    {QStringLiteral("explain"), f.explain},
                                    {QStringLiteral("action"), f.action},
                                    {QStringLiteral("resolution"), f.resolution},
                                    {QStringLiteral("nvidia_resolution"), f.nvidiaResolution},
                                    {QStringLiteral("investigate"), f.investigate},
                                    {QStringLiteral("tags"), QJsonArray::fromStringList(f.tags)},
                                    {QStringLiteral("references"), references},
                                    {QStringLiteral("comparisons"), comparisons}});
    }
    for (const GpuVerdict &g : r.gpus) {
        QJsonArray events;
        for (const GpuEvent &e : g.events)
            events.append(QJsonObject{{QStringLiteral("title"), e.title},
                                      {QStringLiteral("resolution"), e.resolution},
                                      {QStringLiteral("nvidia_resolution"), e.nvidiaResolution},
                                      {QStringLiteral("bursts"), e.bursts},
                                      {QStringLiteral("boots"), e.boots},
                                      {QStringLiteral("current_boot"), e.currentBoot}});
        gpus.append(QJsonObject{{QStringLiteral("recurred_after_reboots"), g.recurredAfterReboots},
                                {QStringLiteral("events"), events}});
    }
    return QJsonObject{{QStringLiteral("packs"), packs},
                       {QStringLiteral("inputs"), inputs},
                       {QStringLiteral("problems"), problems},
                       {QStringLiteral("facts"), facts},
                       {QStringLiteral("nvidia_explained_lines"), r.nvidiaExplainedLines},
                       {QStringLiteral("nvidia_unrecognised_lines"), r.nvidiaUnrecognisedLines},
                       {QStringLiteral("findings"), findings},
                       {QStringLiteral("gpus"), gpus}};
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

QString contentIdentity(const QStringList &paths, const std::atomic<bool> *cancel)
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
        hashFile(one, path, cancel);
        if (cancel && *cancel)
            return {};
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
    e.report = reportDetail(result);
    return e;
}

AnalysisResult analysisOf(const LibraryEntry &e)
{
    AnalysisResult r;
    const QJsonObject &d = e.report;
    auto text = [](const QJsonObject &o, const char *key) {
        return o.value(QLatin1String(key)).toString();
    };
    auto number = [](const QJsonObject &o, const char *key) {
        return o.value(QLatin1String(key)).toInteger();
    };
    const QJsonArray packs = d.value(QLatin1String("packs")).toArray();
    for (const QJsonValue &v : packs) {
        const QJsonObject o = v.toObject();
        RulePackInfo p;
        p.pack = text(o, "pack");
        p.version = text(o, "version");
        p.rules = int(number(o, "rules"));
        p.user = o.value(QLatin1String("user")).toBool();
        r.packs << p;
    }
    if (packs.isEmpty())
        for (const QString &p : e.packs) {
            const qsizetype space = p.lastIndexOf(QLatin1Char(' '));
            RulePackInfo info;
            info.pack = space > 0 ? p.left(space) : p;
            info.version = space > 0 ? p.mid(space + 1) : QString();
            r.packs << info;
        }
    for (const QJsonValue &v : d.value(QLatin1String("inputs")).toArray()) {
        const QJsonObject o = v.toObject();
        InputInfo in;
        in.path = text(o, "path");
        in.label = text(o, "label");
        in.format = inputFormatOf(text(o, "format"));
        in.lines = number(o, "lines");
        in.bytes = number(o, "bytes");
        for (const QJsonValue &p : o.value(QLatin1String("problems")).toArray())
            in.problems << p.toString();
        r.inputs << in;
    }
    QString when = e.analysedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    r.problems << Error{
        {},
        0,
        0,
        QStringLiteral("rebuilt from the case library (entry #%1, analysed %2%3 "
                       "with GPU Triage %4): evidence lines are not kept there")
            .arg(e.id)
            .arg(when, e.analysedBy.isEmpty() ? QString() : QStringLiteral(" by ") + e.analysedBy,
                 e.toolVersion),
        true};
    for (const QJsonValue &v : d.value(QLatin1String("problems")).toArray()) {
        const QJsonObject o = v.toObject();
        r.problems << Error{text(o, "path"), int(number(o, "line")), int(number(o, "column")),
                            text(o, "message"), o.value(QLatin1String("warning")).toBool()};
    }
    const QJsonArray facts = d.value(QLatin1String("facts")).toArray();
    for (const QJsonValue &v : facts) {
        const QJsonObject o = v.toObject();
        BundleFact f;
        f.name = text(o, "name");
        f.value = text(o, "value");
        f.path = text(o, "path");
        f.line = int(number(o, "line"));
        f.rule = text(o, "rule");
        f.count = int(number(o, "count"));
        r.facts << f;
    }
    if (facts.isEmpty())
        for (const auto &[name, value] : e.facts) {
            BundleFact f;
            f.name = name;
            f.value = value;
            r.facts << f;
        }
    r.nvidiaExplainedLines = number(d, "nvidia_explained_lines");
    r.nvidiaUnrecognisedLines = number(d, "nvidia_unrecognised_lines");
    const QJsonArray findings = d.value(QLatin1String("findings")).toArray();
    for (qsizetype i = 0; i < e.findings.size(); ++i) {
        const LibraryFinding &lf = e.findings[i];
        Finding f;
        f.ruleId = lf.rule;
        f.title = lf.title;
        f.severity = lf.severity;
        f.count = lf.count;
        const QJsonObject o = findings.at(i).toObject();
        if (o.isEmpty()) { // stored before schema version 2: what the tables say
            if (lf.code.startsWith(QLatin1String("SXid ")))
                f.facts[QStringLiteral("sxid")] = lf.code.mid(5);
            else if (lf.code.startsWith(QLatin1String("Xid ")))
                f.facts[QStringLiteral("xid")] = lf.code.mid(4);
            if (!lf.gpu.isEmpty())
                f.facts[QStringLiteral("pci")] = lf.gpu;
        } else {
            f.pack = text(o, "pack");
            f.group = factsOf(o.value(QLatin1String("group")));
            f.facts = factsOf(o.value(QLatin1String("facts")));
            f.factSources = factsOf(o.value(QLatin1String("fact_sources")));
            f.explain = text(o, "explain");
            f.action = text(o, "action");
            f.resolution = text(o, "resolution");
            f.nvidiaResolution = o.value(QLatin1String("nvidia_resolution")).toBool();
            f.investigate = text(o, "investigate");
            for (const QJsonValue &t : o.value(QLatin1String("tags")).toArray())
                f.tags << t.toString();
            for (const QJsonValue &rv : o.value(QLatin1String("references")).toArray()) {
                Reference ref;
                ref.title = text(rv.toObject(), "title");
                ref.url = text(rv.toObject(), "url");
                f.references << ref;
            }
            for (const QJsonValue &cv : o.value(QLatin1String("comparisons")).toArray()) {
                const QJsonObject c = cv.toObject();
                Comparison cmp;
                cmp.leftName = text(c, "left_fact");
                cmp.left = text(c, "left");
                cmp.op = compareOpFromName(text(c, "op")).value_or(CompareOp::Equal);
                cmp.rightName = text(c, "right_fact");
                cmp.right = text(c, "right");
                cmp.holds = c.value(QLatin1String("holds")).toBool();
                cmp.says = text(c, "says");
                cmp.leftSource = text(c, "left_source");
                cmp.rightSource = text(c, "right_source");
                f.comparisons << cmp;
            }
        }
        r.findings << f;
    }
    const QJsonArray gpus = d.value(QLatin1String("gpus")).toArray();
    for (qsizetype i = 0; i < e.gpus.size(); ++i) {
        const LibraryGpu &lg = e.gpus[i];
        const QJsonObject o = gpus.at(i).toObject();
        const QJsonArray events = o.value(QLatin1String("events")).toArray();
        GpuVerdict g;
        g.key = lg.busId;
        g.uuid = lg.uuid;
        g.serial = lg.serial;
        g.name = lg.name;
        g.severity = lg.severity;
        g.resolution = lg.resolution;
        g.action = lg.action;
        g.recurredAfterReboots = int(number(o, "recurred_after_reboots"));
        for (qsizetype j = 0; j < lg.events.size(); ++j) {
            const LibraryGpuEvent &le = lg.events[j];
            const QJsonObject x = events.at(j).toObject();
            GpuEvent ev;
            ev.rule = le.rule;
            ev.code = le.code;
            ev.severity = le.severity;
            ev.count = le.count;
            ev.firstTime = le.firstTime;
            ev.lastTime = le.lastTime;
            ev.title = text(x, "title");
            ev.resolution = text(x, "resolution");
            ev.nvidiaResolution = x.value(QLatin1String("nvidia_resolution")).toBool();
            ev.bursts = int(number(x, "bursts"));
            ev.boots = int(number(x, "boots"));
            ev.currentBoot = x.value(QLatin1String("current_boot")).toBool(true);
            g.events << ev;
        }
        r.gpus << g;
    }
    return r;
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
                       {QStringLiteral("gpus"), gpus},
                       {QStringLiteral("report"), e.report}};
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
    e.report = o.value(QLatin1String("report")).toObject();
    return e;
}

} // namespace gputriage
