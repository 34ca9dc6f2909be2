#pragma once

#include "result.h"
#include "rules/messagecatalog.h"
#include "rules/rule.h"

#include <QList>

#include <map>
#include <memory>
#include <vector>

namespace gputriage {

struct Diagnostic
{
    enum class Level { Warning, Error };
    Level level = Level::Error;
    Error where;
    QString ruleId; // empty when the problem is not inside one rule

    bool isError() const { return level == Level::Error; }
    QString toString() const; // "file:line:col: error: message"
};

// All rules that loaded, with the packs they came from and everything that went wrong.
struct RuleSet
{
    std::vector<Rule> rules;
    QList<RulePackInfo> packs;
    QList<Diagnostic> diagnostics;
    QList<QString> overridden; // shipped rule ids replaced by a user rule
    std::map<QString, VersionTable> tables;
    std::map<QString, Catalog> catalogs;            // code catalogs (Xid, SXid), by name
    std::map<QString, Reference> links;             // shared references, by name
    QStringList messageCatalogFiles;                // rules/catalogs/messages/*.json and the user's
    std::shared_ptr<const MessageCatalog> messages; // read on first use

    bool hasErrors() const;
    const Rule *find(QStringView id) const;
    const VersionTable *table(const QString &name) const;
    const Catalog *catalog(const QString &name) const;
};

} // namespace gputriage
