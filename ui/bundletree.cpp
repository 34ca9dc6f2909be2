#include "bundletree.h"

#include "severitycolor.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace gputriage {

namespace {
enum Column { NameColumn, HitsColumn };
constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kHitsRole = Qt::UserRole + 2;
constexpr int kWorstRole = Qt::UserRole + 3;

void showCount(QTreeWidgetItem *item)
{
    const int hits = item->data(HitsColumn, kHitsRole).toInt();
    item->setText(HitsColumn, hits ? QString::number(hits) : QString());
    if (hits) {
        const int worst = item->data(HitsColumn, kWorstRole).toInt();
        item->setForeground(HitsColumn, severityColor(Severity(std::clamp(worst, 0, 3))));
        item->setToolTip(HitsColumn,
                         QObject::tr("%n rule hit(s), highest severity %1", nullptr, hits)
                             .arg(severityName(Severity(worst))));
        QFont f = item->font(NameColumn);
        f.setBold(true);
        item->setFont(NameColumn, f);
    }
}
} // namespace

BundleTree::BundleTree(QWidget *parent)
    : QWidget(parent)
    , m_filter(new QLineEdit(this))
    , m_tree(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("bundleTree"));
    m_filter->setObjectName(QStringLiteral("bundleFilter"));
    m_filter->setPlaceholderText(tr("Filter files…"));
    m_filter->setClearButtonEnabled(true);
    m_tree->setObjectName(QStringLiteral("fileTree"));
    m_tree->setHeaderLabels({tr("Entry"), tr("Hits")});
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setIndentation(14);
    m_tree->header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(HitsColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_filter);
    layout->addWidget(m_tree);

    connect(m_filter, &QLineEdit::textChanged, this, &BundleTree::applyFilter);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item && !item->data(NameColumn, kPathRole).toString().isEmpty())
            Q_EMIT entrySelected(item->data(NameColumn, kPathRole).toString());
    });
}

void BundleTree::setEntries(const QList<Entry> &entries)
{
    const QSignalBlocker blocker(m_tree);
    m_tree->clear();
    m_leaves.clear();
    QHash<QString, QTreeWidgetItem *> nodes;
    static const QRegularExpression separators(QStringLiteral("[/!]"));
    // Folders that every entry shares ("/tmp/tickets/") add depth, not information.
    QString common
        = entries.isEmpty()
              ? QString()
              : entries.front().path.left(entries.front().path.lastIndexOf(QLatin1Char('/')) + 1);
    for (const Entry &e : entries)
        while (!common.isEmpty() && !e.path.startsWith(common))
            common = common.size() < 2
                         ? QString()
                         : common.left(common.lastIndexOf(QLatin1Char('/'), common.size() - 2) + 1);
    for (const Entry &entry : entries) {
        Entry e = entry;
        e.path = entry.path.mid(common.size());
        // Split after each '/' or '!' so an archive node keeps its '!' ("b.tgz!").
        QStringList parts;
        qsizetype start = 0;
        for (auto it = separators.globalMatch(e.path); it.hasNext();) {
            const auto m = it.next();
            const QString part = e.path.mid(
                start, m.capturedStart() - start + (m.captured() == QLatin1String("!") ? 1 : 0));
            if (!part.isEmpty())
                parts << part;
            start = m.capturedEnd();
        }
        parts << e.path.mid(start);

        QTreeWidgetItem *parent = nullptr;
        QString key;
        for (int i = 0; i < parts.size(); ++i) {
            key += QLatin1Char('\x1f') + parts[i];
            const bool leaf = i == parts.size() - 1;
            QTreeWidgetItem *item = leaf ? nullptr : nodes.value(key);
            if (!item) {
                item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
                item->setText(NameColumn, parts[i]);
                if (leaf) {
                    item->setData(NameColumn, kPathRole, entry.path);
                    item->setToolTip(NameColumn, e.label.isEmpty()
                                                     ? entry.path
                                                     : entry.path + QLatin1String("\n") + e.label);
                    if (!e.label.isEmpty())
                        item->setText(NameColumn,
                                      parts[i] + QLatin1String("  (") + e.label + QLatin1Char(')'));
                    m_leaves.insert(entry.path, item);
                } else {
                    nodes.insert(key, item);
                }
            }
            if (e.hits) {
                item->setData(HitsColumn, kHitsRole,
                              item->data(HitsColumn, kHitsRole).toInt() + e.hits);
                const int worst = int(e.worst.value_or(Severity::Info));
                if (!item->data(HitsColumn, kWorstRole).isValid()
                    || item->data(HitsColumn, kWorstRole).toInt() < worst)
                    item->setData(HitsColumn, kWorstRole, worst);
            }
            parent = item;
        }
    }
    for (QTreeWidgetItem *item : std::as_const(nodes))
        showCount(item);
    for (QTreeWidgetItem *item : std::as_const(m_leaves))
        showCount(item);
    if (entries.size() <= 500)
        m_tree->expandAll();
    else
        m_tree->expandToDepth(1);
    applyFilter(m_filter->text());
}

void BundleTree::selectPath(const QString &path)
{
    QTreeWidgetItem *item = m_leaves.value(path);
    if (!item || m_tree->currentItem() == item)
        return;
    const QSignalBlocker blocker(m_tree);
    m_tree->setCurrentItem(item);
    m_tree->scrollToItem(item);
}

QString BundleTree::currentPath() const
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    return item ? item->data(NameColumn, kPathRole).toString() : QString();
}

int BundleTree::visibleEntryCount() const
{
    return int(std::count_if(m_leaves.begin(), m_leaves.end(),
                             [](const QTreeWidgetItem *i) { return !i->isHidden(); }));
}

void BundleTree::applyFilter(const QString &text)
{
    // Hide leaves that do not match, then folders with nothing visible below.
    std::function<bool(QTreeWidgetItem *)> visit = [&](QTreeWidgetItem *item) {
        bool any = false;
        if (item->childCount() == 0) {
            any = text.isEmpty()
                  || item->data(NameColumn, kPathRole)
                         .toString()
                         .contains(text, Qt::CaseInsensitive)
                  || item->text(NameColumn).contains(text, Qt::CaseInsensitive);
        } else {
            for (int i = 0; i < item->childCount(); ++i)
                any = visit(item->child(i)) || any;
        }
        item->setHidden(!any);
        return any;
    };
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        visit(m_tree->topLevelItem(i));
}

} // namespace gputriage
