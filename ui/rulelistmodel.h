#pragma once

#include "rules/ruleset.h"

#include <QStandardItemModel>

namespace gputriage {

// The rules as the rule editor lists them: one row per rule file (pack), its rules below with
// their severity and where they come from, each checkable (unchecked: switched off); rules that
// did not load are listed with their first error.
class RuleListModel : public QStandardItemModel
{
    Q_OBJECT

public:
    enum Column { RuleColumn, SeverityColumn, SourceColumn };
    enum Role { IdRole = Qt::UserRole + 1, FilterRole };

    explicit RuleListModel(QObject *parent = nullptr);
    void setRules(const RuleSet &rules, const QStringList &disabled);
};

} // namespace gputriage
