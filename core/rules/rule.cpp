#include "rules/rule.h"

#include "rules/version.h"

#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cctype>

namespace gputriage {

namespace {
constexpr std::array<const char *, 4> kSeverityNames = {"info", "warning", "error", "critical"};
constexpr std::array<const char *, 6> kOpNames = {"<", "<=", ">", ">=", "==", "!="};
const QRegularExpression &placeholder()
{
    // {name}, or {a|b}: the first of the facts a finding has.
    static const QRegularExpression re(
        QStringLiteral("\\{([A-Za-z_][A-Za-z0-9_]*(?:\\|[A-Za-z_][A-Za-z0-9_]*)*)\\}"));
    return re;
}
} // namespace

QString severityName(Severity severity)
{
    return QString::fromLatin1(kSeverityNames[size_t(severity)]);
}

std::optional<Severity> severityFromName(QStringView name)
{
    for (size_t i = 0; i < kSeverityNames.size(); ++i)
        if (name == QLatin1String(kSeverityNames[i]))
            return Severity(i);
    return std::nullopt;
}

QString compareOpName(CompareOp op)
{
    return QString::fromLatin1(kOpNames[size_t(op)]);
}

std::optional<CompareOp> compareOpFromName(QStringView name)
{
    for (size_t i = 0; i < kOpNames.size(); ++i)
        if (name == QLatin1String(kOpNames[i]))
            return CompareOp(i);
    return std::nullopt;
}

const VersionTable::Row *VersionTable::lookup(const QString &version) const
{
    const Row *best = nullptr;
    for (const Row &row : rows)
        if (compareVersions(row.key, version) <= 0)
            best = &row;
    // A release newer than the table's last major (CUDA 14 against a table ending at 13.x) has
    // no known row: better no answer than the last row's.
    if (best && best == &rows.back()
        && compareVersions(version.section(QLatin1Char('.'), 0, 0),
                           best->key.section(QLatin1Char('.'), 0, 0))
               > 0)
        return nullptr;
    return best;
}

QList<QString> templateNames(const QString &text)
{
    const QRegularExpression &re = placeholder();
    QList<QString> names;
    for (auto it = re.globalMatch(text); it.hasNext();)
        names.append(it.next().captured(1).split(QLatin1Char('|')));
    return names;
}

QString expandTemplate(const QString &text, const std::map<QString, QString> &facts)
{
    const QRegularExpression &re = placeholder();
    QString out;
    qsizetype at = 0;
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += QStringView(text).mid(at, m.capturedStart() - at);
        QString value = QStringLiteral("?");
        for (const QString &name : m.captured(1).split(QLatin1Char('|')))
            if (const auto f = facts.find(name); f != facts.end()) {
                value = f->second;
                break;
            }
        out += value;
        at = m.capturedEnd();
    }
    return out + QStringView(text).mid(at);
}

std::string withoutGroupNames(std::string_view re2Pattern)
{
    std::string out;
    out.reserve(re2Pattern.size());
    for (size_t i = 0; i < re2Pattern.size(); ++i) {
        if (re2Pattern[i] == '\\' && i + 1 < re2Pattern.size()) { // an escape: copy both bytes
            out.append(re2Pattern.substr(i, 2));
            ++i;
            continue;
        }
        out.push_back(re2Pattern[i]);
        if (re2Pattern[i] != '(')
            continue;
        const size_t name = re2Pattern.substr(i + 1, 3) == "?P<"  ? i + 4
                            : re2Pattern.substr(i + 1, 2) == "?<" ? i + 3
                                                                  : 0;
        if (!name)
            continue;
        size_t end = name;
        while (end < re2Pattern.size()
               && (std::isalnum(static_cast<unsigned char>(re2Pattern[end]))
                   || re2Pattern[end] == '_'))
            ++end;
        if (end > name && end < re2Pattern.size() && re2Pattern[end] == '>')
            i = end; // drop "?P<name>" and keep the "(" already written
    }
    return out;
}

} // namespace gputriage

namespace gputriage {

QString Catalog::aliasKey(const QString &name)
{
    QString key = name.trimmed().toLower();
    while (key.endsWith(QLatin1Char('.')))
        key.chop(1);
    return key;
}

const CatalogEntry *Catalog::find(const QString &code) const
{
    bool ok = false;
    const QString trimmed = code.trimmed();
    // Status codes are printed in hex ("status=0x00000062").
    int n = trimmed.startsWith(QLatin1String("0x"), Qt::CaseInsensitive) ? trimmed.toInt(&ok, 16)
                                                                         : trimmed.toInt(&ok);
    if (!ok) {
        const QString key = aliasKey(code);
        const auto alias = aliases.find(key);
        if (alias != aliases.end()) {
            n = alias->second;
        } else {
            // An enum name printed without its library's prefix (2015 Cycles' cuew wrote
            // "ILLEGAL_ADDRESS" for CUDA_ERROR_ILLEGAL_ADDRESS): the one name that ends with it.
            // Only names of two words or more, so that "unknown" is no CUDA_ERROR_UNKNOWN.
            if (!key.contains(u'_') || key.contains(u' ') || key.startsWith(u'_'))
                return nullptr;
            const QString tail = u'_' + key;
            std::optional<int> found;
            for (const auto &[name, c] : aliases)
                if (name.endsWith(tail)) {
                    if (found && *found != c)
                        return nullptr;
                    found = c;
                }
            if (!found)
                return nullptr;
            n = *found;
        }
    }
    const auto it = entries.find(n);
    return it == entries.end() ? nullptr : &it->second;
}

namespace {

struct Resolution
{
    const char *bucket;
    Severity severity;
    const char *text;
};

// NVIDIA's resolution buckets (Xid catalog, Fabric Manager guide) and what each means for the
// engineer: the severity grows with what the fix takes away from the customer.
constexpr Resolution kResolutions[] = {
    {"ignore", Severity::Info, "No action needed"},
    {"unused", Severity::Warning, "NVIDIA lists this code as unused: contact NVIDIA support"},
    {"restart_app", Severity::Warning, "Restart the application"},
    {"update_sw", Severity::Warning, "Update the driver or the software named"},
    {"check_app", Severity::Warning, "Check the application"},
    {"check_uvm", Severity::Warning, "Check the application's unified memory (UVM) use"},
    {"reset_gpu", Severity::Error, "Reset the GPU (drain it first)"},
    {"restart_vm", Severity::Error, "Restart the virtual machine"},
    {"contact_support", Severity::Error, "Contact NVIDIA support"},
    // XID_154 (Xid 154 itself) and XID_154_EVAL (NVLink5 rows: that action, else restart the app).
    {"xid_154", Severity::Error, "Take the recovery action the driver names in the Xid 154"},
    {"xid_154_eval", Severity::Warning,
     "Take the recovery action of an Xid 154 that came with it, else restart the application"},
    {"restart_bm", Severity::Critical, "Reboot the node (bare-metal restart)"},
    {"check_mechanicals", Severity::Critical, "Check power cabling, seating and cooling"},
    {"run_fieldiag", Severity::Critical, "Run NVIDIA field diagnostics"},
    {"workflow_xid_48", Severity::Critical, "Follow NVIDIA's double-bit ECC workflow"},
};

const Resolution *findResolution(QStringView bucket)
{
    for (const Resolution &r : kResolutions)
        if (bucket == QLatin1String(r.bucket))
            return &r;
    return nullptr;
}

} // namespace

bool ruleIdMatches(QStringView id, QStringView pattern)
{
    return pattern.endsWith(u'*') ? id.startsWith(pattern.chopped(1)) : id == pattern;
}

std::optional<Severity> severityForResolution(QStringView bucket)
{
    if (const Resolution *r = findResolution(bucket))
        return r->severity;
    // NVIDIA's other workflows (NVLink errors, Xid 45 ...) are multi-step diagnoses.
    if (bucket.startsWith(u"workflow_"))
        return Severity::Error;
    return std::nullopt;
}

QString resolutionText(QStringView bucket)
{
    if (const Resolution *r = findResolution(bucket))
        return QString::fromLatin1(r->text);
    if (bucket.startsWith(u"workflow_"))
        return QStringLiteral("Follow NVIDIA's %1 workflow")
            .arg(bucket.mid(9).toString().toUpper().replace(QLatin1Char('_'), QLatin1Char(' ')));
    return bucket.toString();
}

QString resolutionLabel(bool nvidia)
{
    return nvidia ? QStringLiteral("NVIDIA's resolution") : QStringLiteral("GPU Triage's advice");
}

bool MessagesRef::covers(const QString &subsystem, const QString &function) const
{
    return (subsystems.isEmpty() || subsystems.contains(subsystem))
           && (functions.isEmpty()
               || std::any_of(functions.begin(), functions.end(), [&](const QString &f) {
                      return f.endsWith(QLatin1Char('*')) ? function.startsWith(f.chopped(1))
                                                          : function == f;
                  }));
}

} // namespace gputriage
