#include "report/redactor.h"

#include <QDir>
#include <QRegularExpression>

#include <set>
#include <span>

namespace gputriage {

namespace {

struct Mask
{
    QRegularExpression re;
    QString with;
};

QRegularExpression rx(const char *pattern)
{
    return QRegularExpression(QString::fromLatin1(pattern));
}

// Top-level domains a host name may end in: the generic ones, country codes that are not also
// common file extensions (.py, .rs, .sh, .so, .in ...), and private ones (.local, .internal).
constexpr const char *kDomains
    = "com|net|org|edu|gov|mil|info|biz|io|ai|app|dev|cloud|tech|site|online|xyz|"
      "top|club|store|shop|blog|tv|me|co|local|localdomain|internal|lan|corp|intra|"
      "arpa|ae|at|au|be|bg|br|ca|ch|cn|cz|de|dk|ee|es|eu|fi|fr|gr|hk|hr|hu|ie|il|it|jp|"
      "kr|kz|lt|lu|lv|mx|my|ng|nl|nz|pe|ph|pk|ro|ru|sa|se|sg|si|sk|th|tr|tw|ua|uk|us|vn|za";

const std::vector<Mask> &masks() // NOLINT(readability-function-size): a table, one mask a row
{
    static const std::vector<Mask> list = [] {
        std::vector<Mask> m{
            // Where a log names the machine: the syslog host field ("Nov 30 08:15:02 node17
            // kernel:", journalctl short-precise, after an ISO time, after a <PRI>), RFC 5424's
            // host field, NCCL's "host:pid:tid" prefix, uname, shell prompts, ssh's target.
            {rx("^((?:<\\d{1,3}>)?(?:[A-Z][a-z]{2} [ 0-3]\\d "
                "\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?|\\d{4}-\\d\\d-\\d\\dT[\\d:.]+"
                "(?:Z|[+-]\\d\\d:?\\d\\d)?) )(?!\\[)([A-Za-z0-9][\\w.-]*)( "
                "[\\w./-]+(?:\\[\\d+\\])?: )"),
             QStringLiteral("\\1[host]\\3")},
            {rx("^(<\\d{1,3}>1 \\S+ )(?!-|\\[)[A-Za-z0-9][\\w.-]*( )"),
             QStringLiteral("\\1[host]\\2")},
            {rx("(?<![\\w.<>*-])[A-Za-z][\\w.-]*?(?:<\\*>)?((?::(?:\\d+|<\\*>)){2}|)( "
                "\\[(?:\\d+|<\\*>)\\] NCCL )"),
             QStringLiteral("[host]\\1\\2")},
            {rx("\\b(Linux )(?!\\[)[A-Za-z0-9][\\w.-]*( \\d+\\.\\d+\\.\\d+)"),
             QStringLiteral("\\1[host]\\2")},
            {rx("(\\[[\\w.-]+@)(?!\\[)[\\w.-]+( [^\\]\\n]*\\][#$])"),
             QStringLiteral("\\1[host]\\2")},
            {rx("(\\b[\\w.-]+@)(?!\\[)[A-Za-z0-9][\\w.-]*(:[~/][^\\s]*[#$](?:\\s|$))"),
             QStringLiteral("\\1[host]\\2")},
            {rx("(\\bssh (?:-\\S+ (?:\\d+ )?)*(?:[\\w.-]+@)?)(?!\\[)[A-Za-z0-9][\\w.-]*"),
             QStringLiteral("\\1[host]")},
            {rx("(?i)\\b(host ?name\\s*[:=]\\s*\"?)(?!\\[)[A-Za-z0-9][\\w.-]*"),
             QStringLiteral("\\1[host]")},
            // Standard bundle names carry the host: must-gather node folders, sosreport-<host>-,
            // nvidia-bug-report_<host>.
            {rx("((?:^|/)nodes/)(?!\\[)[^/\\s!]+(?=/)"), QStringLiteral("\\1[host]")},
            {rx("(sosreport-)(?!\\[).+?(?=-\\d{4}-\\d\\d-\\d\\d|-\\d{3,}-|-\\d{4,}\\b|\\.tar|$)"),
             QStringLiteral("\\1[host]")},
            {rx("(nvidia-bug-report[_-])(?!\\[)[A-Za-z0-9][\\w-]*(?:\\.(?!log\\b|gz\\b|txt\\b)[\\w-"
                "]+)*"),
             QStringLiteral("\\1[host]")},
            // EKS and EC2 names hold the address.
            {rx("\\bip-\\d{1,3}-\\d{1,3}-\\d{1,3}-\\d{1,3}(?:\\.[\\w.-]*[A-Za-z])?\\b"),
             QStringLiteral("[host]")},
            // Kubernetes service names.
            {rx("\\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.[a-z0-9-]+\\.svc(?:\\.cluster\\.local)?\\b"),
             QStringLiteral("[host]")},
            // Credentials: in URLs (an empty user too), PEM blocks, headers and cookies, command
            // options, then secrets as key=value, key: value (quoted too) or "Bearer x".
            {rx("(?<=://)[^/\\s:@]*:[^/\\s@]+@"), QStringLiteral("[credentials]@")},
            {rx("(-----BEGIN ([A-Z ]+)-----)[\\s\\S]*?(?:-----END \\2-----|$)"),
             QStringLiteral("\\1[secret]-----END \\2-----")},
            {rx("(?i)\\b((?:proxy-)?authorization\\s*[:=]\\s*(?:(?:basic|bearer|digest|token|"
                "negotiate|aws4-hmac-sha256)\\s+)?)(?!\\[)\\S.*"),
             QStringLiteral("\\1[secret]")},
            {rx("(?i)\\b((?:set-)?cookie\\s*:\\s*)(?!\\[)\\S.*"), QStringLiteral("\\1[secret]")},
            {rx("(?i)(\\b(?:docker|podman|nerdctl|helm|oras|skopeo)\\b[^\\n]*?\\blogin\\b[^\\n]*?"
                "\\s(?:-p|--password)[ =])(?!\\[)\\S+"),
             QStringLiteral("\\1[secret]")},
            {rx("(?i)(\\bmysql(?:dump|admin)?\\b[^\\n]*?\\s-p)(?!\\[)[^\\s]+"),
             QStringLiteral("\\1[secret]")},
            {rx("(?i)([?&](?:sig|signature|x-amz-signature|x-goog-signature|access_token|client_"
                "secret)=)[^&\\s\"'<>]+"),
             QStringLiteral("\\1[secret]")},
            {rx("\\bnvapi-[A-Za-z0-9_-]{16,}"), QStringLiteral("[secret]")},
            {rx("\\b(?:ghp|gho|ghu|ghs|ghr|glpat|hf|sk|rk|pk|sk_live|sk_test)[_-][A-Za-z0-9_-]{16,"
                "}"),
             QStringLiteral("[secret]")},
        };
        const char *secretWords
            = "(?:[A-Za-z0-9]+[_-])*(?:bearer|token|password|passwd|passphrase|pwd|pass|"
              "secret|credentials?|auth|api[_-]?key|access[_-]?key|secret[_-]?key|"
              "private[_-]?key|client[_-]?secret|sas)";
        // A quoted value (JSON, YAML) whole, blanks and all; then an unquoted one.
        m.push_back(
            {QRegularExpression(
                 QStringLiteral("(?i)\\b(%1[\"']?\\s*[:=]\\s*)([\"'])(?!\\[)(?:(?!\\2).)*\\2")
                     .arg(QLatin1String(secretWords))),
             QStringLiteral("\\1\\2[secret]\\2")});
        m.push_back(
            {QRegularExpression(
                 QStringLiteral("(?i)\\b(%1)([\"']?\\s*[:=]\\s*|\\s+)(?![\\[\"'])([^\\s\"',;]+)")
                     .arg(QLatin1String(secretWords))),
             QStringLiteral("\\1\\2[secret]")});
        for (const char *p :
             {"\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b", "\\bxox[abposr]-[0-9A-Za-z-]{10,}"})
            m.push_back({rx(p), QStringLiteral("[secret]")});
        m.push_back({rx("\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b"),
                     QStringLiteral("[email]")});
        m.push_back({rx("\\b(?:[0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}\\b|\\b[0-9A-Fa-f]{4}\\.[0-9A-"
                        "Fa-f]{4}\\.[0-9A-Fa-f]{4}\\b"),
                     QStringLiteral("[mac]")});
        // Not inside a longer dotted number (a version), but at a sentence's end or after "_".
        m.push_back({rx("(?<![\\d.])(?:(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|"
                        "1?\\d?\\d)(?!\\.?\\d)"),
                     QStringLiteral("[ip]")});
        // Three or more colons: not a time (08:15:02) nor a PCI address (0000:3b:00.0); or "::".
        m.push_back(
            {rx("(?i)(?<![\\w:.])(?![0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}(?:\\.[0-7])?(?![0-9a-f]))"
                "(?=[0-9a-f:]*[0-9a-f])(?:[0-9a-f]{0,4}:){3,7}[0-9a-f]{0,4}(?![\\w:.])|(?<![\\w:.])"
                "(?:[0-9a-f]{1,4}:){1,6}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?(?![\\w:.])"),
             QStringLiteral("[ip6]")});
        m.push_back(
            {QRegularExpression(
                 QStringLiteral("(?i)\\b(?:[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?\\.)+(?:%1)\\b")
                     .arg(QLatin1String(kDomains))),
             QStringLiteral("[host]")});
        m.push_back({rx("(?<![\\w-])(?=[A-Za-z0-9+/_]*\\d)(?=[A-Za-z0-9+/_]*[A-Za-z])[A-Za-z0-9+/"
                        "_]{32,}={0,2}(?![\\w-])"),
                     QStringLiteral("[token]")});
        return m;
    }();
    return list;
}

// Masks asked for on top: GPU serial numbers, user names in home folders.
const std::vector<Mask> &serialMasks()
{
    static const std::vector<Mask> list{
        {rx("(?i)\\b((?:board |gpu |module |chassis |product )?serial(?: ?number| "
            "no\\.?)?\\s*[:=]\\s*\"?)(?!\\[)(?:0x)?[A-Za-z0-9-]{4,}"),
         QStringLiteral("\\1[serial]")},
    };
    return list;
}

const std::vector<Mask> &userMasks()
{
    static const std::vector<Mask> list{
        {rx("((?:^|[\\s'\"=:(/])(?:home|Users|export/home)/)(?!\\[)[^/\\s'\"]+"),
         QStringLiteral("\\1[user]")},
        {rx("(?i)(\\b[A-Z]:\\\\Users\\\\)(?!\\[)[^\\\\\\s'\"]+"), QStringLiteral("\\1[user]")},
        {rx("(~)(?!\\[)[a-z_][\\w.-]*(?=/)"), QStringLiteral("\\1[user]")},
    };
    return list;
}

QString applied(QString out, const std::vector<Mask> &list)
{
    for (const Mask &m : list)
        out.replace(m.re, m.with);
    return out;
}

} // namespace

QString redact(const QString &text)
{
    return applied(text, masks());
}

QString redact(const QString &text, const Redaction &extra)
{
    QString out = text;
    // Before the others: a serial or user name may look like a host or a token.
    if (extra.serials)
        out = applied(std::move(out), serialMasks());
    if (extra.userNames)
        out = applied(std::move(out), userMasks());
    if (!extra.hosts.isEmpty()) {
        // Compiled once for a report's strings.
        thread_local QStringList hosts;
        thread_local QRegularExpression learnt;
        if (hosts != extra.hosts) {
            hosts = extra.hosts;
            QStringList escaped;
            for (const QString &h : hosts)
                escaped << QRegularExpression::escape(h);
            learnt = QRegularExpression(QStringLiteral("(?i)(?<![\\w.-])(?:%1)(?![\\w-]|\\.\\w)")
                                            .arg(escaped.join(QLatin1Char('|'))));
        }
        out.replace(learnt, QStringLiteral("[host]"));
    }
    return applied(std::move(out), masks());
}

namespace {

// The engineer's own folders (a rule file in ~/.config, an input named by its full path) are
// not the customer's data but identify the engineer: the home folder is shown as "~".
QString withoutHome(QString text)
{
    static const QString home = QDir::cleanPath(QDir::homePath());
    if (home.size() < 2)
        return text;
    static const QRegularExpression re(
        QStringLiteral("(?<![\\w.-])%1(?=/|$|[\\s'\":,)])").arg(QRegularExpression::escape(home)));
    return text.replace(re, QStringLiteral("~"));
}

thread_local const Redaction *t_extra = nullptr; // what redactResult adds, for its helpers

QString masked(const QString &text)
{
    return t_extra ? redact(text, *t_extra) : redact(text);
}

void redactFacts(Facts &facts)
{
    for (auto &[name, value] : facts)
        value = masked(value);
}

void redactOccurrence(Occurrence &o)
{
    o.path = masked(o.path);
    o.text = masked(o.text);
    redactFacts(o.facts);
}

// Every string of a result that can hold customer data: names of files and entries, evidence,
// captured facts and the titles they fill, comparisons, problems, unmatched lines.
void redactResult(AnalysisResult &r)
{
    for (InputInfo &in : r.inputs) {
        in.path = masked(withoutHome(in.path));
        in.label = masked(in.label);
        for (QString &p : in.problems)
            p = masked(withoutHome(p));
    }
    for (Finding &f : r.findings) {
        f.title = masked(f.title);
        redactFacts(f.group);
        redactFacts(f.facts);
        redactFacts(f.factSources);
        for (Comparison &c : f.comparisons) {
            c.left = masked(c.left);
            c.right = masked(c.right);
            c.says = masked(c.says);
            c.leftSource = masked(c.leftSource);
            c.rightSource = masked(c.rightSource);
        }
        for (Occurrence &o : f.occurrences)
            redactOccurrence(o);
    }
    for (BundleFact &f : r.facts) {
        f.value = masked(f.value);
        f.path = masked(f.path);
        f.text = masked(f.text);
    }
    for (GpuVerdict &g : r.gpus) {
        g.name = masked(g.name);
        for (GpuEvent &e : g.events)
            e.title = masked(e.title);
    }
    for (Error &e : r.problems) {
        e.file = masked(withoutHome(e.file));
        e.message = masked(withoutHome(e.message));
    }
    for (MessageTemplate &t : r.unmatched) {
        t.example = masked(t.example);
        t.text = masked(t.text);
        t.examplePath = masked(t.examplePath);
        for (QString &file : t.files)
            file = masked(file);
    }
    for (Occurrence &o : r.unmatchedSamples)
        redactOccurrence(o);
    for (Bookmark &b : r.bookmarks) {
        b.path = masked(b.path);
        b.text = masked(b.text);
        b.note = masked(b.note);
    }
}

} // namespace

QStringList learnHosts(const AnalysisResult &result)
{
    static const QRegularExpression inText[] = {
        rx("^(?:<\\d{1,3}>)?(?:[A-Z][a-z]{2} [ 0-3]\\d "
           "\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?|\\d{4}-\\d\\d-\\d\\dT[\\d:.]+"
           "(?:Z|[+-]\\d\\d:?\\d\\d)?) (?!\\[)(?<h>[A-Za-z0-9][\\w.-]*) "
           "[\\w./-]+(?:\\[\\d+\\])?: "),
        rx("^<\\d{1,3}>1 \\S+ (?!-|\\[)(?<h>[A-Za-z0-9][\\w.-]*) "),
        rx("(?<![\\w.<>*-])(?<h>[A-Za-z][\\w.-]*?):\\d+:\\d+ \\[\\d+\\] NCCL "),
        rx("\\bLinux (?!\\[)(?<h>[A-Za-z0-9][\\w.-]*) \\d+\\.\\d+\\.\\d+"),
        rx("\\[[\\w.-]+@(?!\\[)(?<h>[\\w.-]+) [^\\]\\n]*\\][#$]"),
        rx("\\b[\\w.-]+@(?!\\[)(?<h>[A-Za-z0-9][\\w.-]*):[~/][^\\s]*[#$](?:\\s|$)"),
        rx("\\bssh (?:-\\S+ (?:\\d+ )?)*(?:[\\w.-]+@)?(?!\\[)(?<h>[A-Za-z0-9][\\w.-]*)"),
        rx("(?i)\\bhost ?name\\s*[:=]\\s*\"?(?!\\[)(?<h>[A-Za-z0-9][\\w.-]*)"),
    };
    static const QRegularExpression inPath[] = {
        rx("(?:^|/)nodes/(?!\\[)(?<h>[^/\\s!]+)/"),
        rx("sosreport-(?!\\[)(?<h>.+?)(?=-\\d{4}-\\d\\d-\\d\\d|-\\d{3,}-|-\\d{4,}\\b|\\.tar|$)"),
        rx("nvidia-bug-report[_-](?!\\[)(?<h>[A-Za-z0-9][\\w-]*(?:\\.(?!log\\b|gz\\b|txt\\b)[\\w-]+"
           ")*)"),
    };
    std::set<QString> hosts;
    auto learn = [&](const QString &text, bool path) {
        for (const QRegularExpression &re : path ? std::span<const QRegularExpression>(inPath)
                                                 : std::span<const QRegularExpression>(inText))
            for (auto it = re.globalMatch(text); it.hasNext();) {
                const QString h = it.next().captured(u"h");
                // Names too short or too common to mask everywhere.
                if (h.size() >= 3 && h.compare(u"localhost", Qt::CaseInsensitive) != 0
                    && h.compare(u"kernel", Qt::CaseInsensitive) != 0
                    && !QRegularExpression(QStringLiteral("^[\\d.]+$")).match(h).hasMatch())
                    hosts.insert(h.toLower());
            }
    };
    auto occurrence = [&](const Occurrence &o) {
        learn(o.path, true);
        learn(o.text, false);
        // /etc/hostname holds the name alone.
        if (o.path.endsWith(u"etc/hostname"))
            learn(QStringLiteral("hostname: ") + o.text.trimmed(), false);
    };
    for (const InputInfo &in : result.inputs)
        learn(in.path, true);
    for (const Finding &f : result.findings)
        for (const Occurrence &o : f.occurrences)
            occurrence(o);
    for (const BundleFact &f : result.facts) {
        learn(f.path, true);
        learn(f.text, false);
    }
    for (const Occurrence &o : result.unmatchedSamples)
        occurrence(o);
    for (const MessageTemplate &t : result.unmatched)
        learn(t.example, false);
    return QStringList(hosts.begin(), hosts.end());
}

AnalysisResult reportView(const AnalysisResult &result,
                          std::optional<Severity> minSeverity,
                          bool redactEvidence,
                          const Redaction &extra)
{
    AnalysisResult view = result;
    if (minSeverity) {
        view.findings.removeIf([&](const Finding &f) { return f.severity < *minSeverity; });
        // A GPU whose events are all left out is left out too.
        for (GpuVerdict &g : view.gpus) {
            if (!g.hasEvents())
                continue;
            g.events.removeIf([&](const GpuEvent &e) { return e.severity < *minSeverity; });
            if (!g.hasEvents())
                g.key.clear(); // had events, none left
        }
        view.gpus.removeIf([](const GpuVerdict &g) { return g.key.isEmpty(); });
    }
    if (redactEvidence) {
        Redaction learnt = extra;
        learnt.hosts += learnHosts(result);
        learnt.hosts.removeDuplicates();
        t_extra = &learnt;
        redactResult(view);
        t_extra = nullptr;
    }
    return view;
}

} // namespace gputriage
