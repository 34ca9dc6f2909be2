#include "rulelistmodel.h"

#include "palette.h"

#include <QFileInfo>

#include <set>

namespace gputriage {

namespace {
constexpr int kIdRole = RuleListModel::IdRole;
constexpr int kFilterRole = RuleListModel::FilterRole;
} // namespace

RuleListModel::RuleListModel(QObject *parent)
    : QStandardItemModel(parent)
{
    setHorizontalHeaderLabels({tr("Rule"), tr("Severity"), tr("Source")});
}

void RuleListModel::setRules(const RuleSet &rules, const QStringList &disabled)
{
    removeRows(0, rowCount());
    QHash<QString, QStandardItem *> files;
    auto fileItem = [&](const QString &file, const QString &pack, bool user) {
        if (QStandardItem *item = files.value(file))
            return item;
        auto *item = new QStandardItem(pack.isEmpty() ? QFileInfo(file).fileName() : pack);
        item->setToolTip(file);
        item->setData(file, kFilterRole);
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
        auto *source = new QStandardItem(user ? tr("user") : tr("shipped"));
        appendRow({item, new QStandardItem(), source});
        files.insert(file, item);
        return item;
    };
    for (const RulePackInfo &pack : rules.packs)
        fileItem(pack.file, pack.pack, pack.user);
    for (const Rule &r : rules.rules) {
        QStandardItem *parent = fileItem(r.file, r.pack, r.user);
        auto *id = new QStandardItem(r.id);
        id->setData(r.id, kIdRole);
        id->setData(QString(r.id + QLatin1Char(' ') + r.title), kFilterRole);
        id->setToolTip(r.title);
        id->setCheckable(true);
        id->setCheckState(disabled.contains(r.id) ? Qt::Unchecked : Qt::Checked);
        auto *severity
            = new QStandardItem(r.kind == RuleKind::Fact ? tr("fact") : severityName(r.severity));
        if (r.kind != RuleKind::Fact)
            severity->setForeground(severityColor(r.severity));
        const QString state = disabled.contains(r.id)           ? tr("disabled")
                              : !r.user                         ? tr("shipped")
                              : rules.overridden.contains(r.id) ? tr("overrides shipped")
                                                                : tr("user");
        parent->appendRow({id, severity, new QStandardItem(state)});
    }
    // Rules that did not load are listed with their first error.
    std::set<QString> listed;
    for (const Rule &r : rules.rules)
        listed.insert(r.id);
    for (const Diagnostic &d : rules.diagnostics) {
        if (!d.isError() || d.ruleId.isEmpty() || listed.count(d.ruleId))
            continue;
        listed.insert(d.ruleId);
        QStandardItem *parent = fileItem(d.where.file, QString(), true);
        auto *id = new QStandardItem(d.ruleId);
        id->setData(QString(d.ruleId + QLatin1Char(' ') + d.where.file), kFilterRole);
        id->setToolTip(d.toString());
        auto *state = new QStandardItem(tr("error"));
        state->setForeground(severityColor(Severity::Error));
        state->setToolTip(d.toString());
        parent->appendRow({id, new QStandardItem(), state});
    }
}

} // namespace gputriage
