#include "rules/ruleset.h"

#include <algorithm>

namespace gputriage {

QString Diagnostic::toString() const
{
    Error e = where;
    e.message = (isError() ? QLatin1String("error: ") : QLatin1String("warning: ")) + e.message;
    return e.toString();
}

bool RuleSet::hasErrors() const
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic &d) { return d.isError(); });
}

const Rule *RuleSet::find(QStringView id) const
{
    const auto it
        = std::find_if(rules.begin(), rules.end(), [&](const Rule &r) { return r.id == id; });
    return it == rules.end() ? nullptr : &*it;
}

const VersionTable *RuleSet::table(const QString &name) const
{
    const auto it = tables.find(name);
    return it == tables.end() ? nullptr : &it->second;
}

const Catalog *RuleSet::catalog(const QString &name) const
{
    const auto it = catalogs.find(name);
    return it == catalogs.end() ? nullptr : &it->second;
}

} // namespace gputriage
