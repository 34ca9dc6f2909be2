#include "bundletree.h"
#include "counted.h"

#include "source/sectionkind.h"

#include "palette.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <memory>

namespace gputriage {

namespace {
using enum BundleTreeModel::Column;
constexpr int kPathRole = BundleTreeModel::PathRole;
constexpr int kExcludedRole = BundleTreeModel::ExcludedRole;
constexpr int kFilterRole = BundleTreeModel::FilterRole; // path and label of a leaf
constexpr int kSortRole = BundleTreeModel::SortRole;

struct Node
{
    QStandardItem *name;
    QStandardItem *hits;
    int count = 0;
    std::optional<Severity> worst;
};

void showCount(Node &node)
{
    node.hits->setText(node.count ? QString::number(node.count) : QString());
    if (!node.count)
        return;
    const Severity worst = node.worst.value_or(Severity::Info);
    node.hits->setForeground(severityColor(worst));
    node.hits->setToolTip(
        QObject::tr("%1, highest severity %2")
            .arg(counted(node.count, QObject::tr("rule hit"), QObject::tr("rule hits")),
                 severityName(worst)));
    QFont f = node.name->font();
    f.setBold(true);
    node.name->setFont(f);
}
} // namespace

BundleTree::BundleTree(QWidget *parent)
    : QWidget(parent)
    , m_filter(new QLineEdit(this))
    , m_model(new BundleTreeModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_tree(new QTreeView(this))
{
    setObjectName(QStringLiteral("bundleTree"));
    m_filter->setObjectName(QStringLiteral("bundleFilter"));
    m_filter->setPlaceholderText(tr("Filter files…"));
    m_filter->setClearButtonEnabled(true);
    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setFilterRole(kFilterRole);
    m_proxy->setFilterKeyColumn(NameColumn);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_tree->setObjectName(QStringLiteral("fileTree"));
    m_tree->setModel(m_proxy);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->setUniformRowHeights(true);
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

    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        std::unique_ptr<QMenu> menu(createContextMenu(m_tree->indexAt(pos)));
        if (menu)
            menu->exec(m_tree->viewport()->mapToGlobal(pos));
    });
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text);
        m_tree->expandAll();
    });
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                const QString path = current.siblingAtColumn(NameColumn).data(kPathRole).toString();
                if (!path.isEmpty())
                    Q_EMIT entrySelected(path);
            });
}

QMenu *BundleTree::createContextMenu(const QModelIndex &viewIndex)
{
    const QModelIndex name = viewIndex.siblingAtColumn(NameColumn);
    const QString path = name.data(kPathRole).toString();
    if (const QString folder = name.data(BundleTreeModel::FolderPathRole).toString();
        path.isEmpty() && !folder.isEmpty()) {
        auto *menu = new QMenu(this);
        menu->addAction(tr("Copy &Path"), this,
                        [folder] { QGuiApplication::clipboard()->setText(folder); })
            ->setObjectName(QStringLiteral("treeCopyPath"));
        return menu;
    }
    if (path.isEmpty() || path == m_model->timelinePath())
        return nullptr;
    auto *menu = new QMenu(this);
    const bool excluded = name.data(kExcludedRole).toBool();
    QAction *action = menu->addAction(
        excluded ? tr("&Include in Analysis") : tr("&Exclude from Analysis"), this,
        [this, path, excluded] { Q_EMIT exclusionRequested(path, !excluded); });
    action->setObjectName(QStringLiteral("treeExclude"));
    action->setToolTip(tr("Analyse the bundle again without this file (the report says so)"));
    menu->addSeparator();
    // The path as the reports write it: archive members after '!'.
    menu->addAction(tr("Copy &Path"), this, [path] { QGuiApplication::clipboard()->setText(path); })
        ->setObjectName(QStringLiteral("treeCopyPath"));
    return menu;
}

BundleTreeModel::BundleTreeModel(QObject *parent)
    : QStandardItemModel(parent)
{
    setHorizontalHeaderLabels({tr("Entry"), tr("Hits")});
}

namespace {

// Folders that every entry shares ("/tmp/tickets/") add depth, not information.
QString commonFolder(const QList<BundleTreeModel::Entry> &entries)
{
    QString common
        = entries.isEmpty()
              ? QString()
              : entries.front().path.left(entries.front().path.lastIndexOf(QLatin1Char('/')) + 1);
    for (const BundleTreeModel::Entry &e : entries)
        while (!common.isEmpty() && !e.path.startsWith(common))
            common = common.size() < 2
                         ? QString()
                         : common.left(common.lastIndexOf(QLatin1Char('/'), common.size() - 2) + 1);
    return common;
}

// The nodes of an entry's path in the tree: its folders and archives, then the file, or a bug
// report's section kind and title.
struct PathParts
{
    QStringList parts;
    QList<qsizetype> ends; // where each part ends in the path
    QString section;       // the bug-report section's title
};

PathParts pathParts(const BundleTreeModel::Entry &entry, const QString &common)
{
    static const QRegularExpression separators(QStringLiteral("[/!]"));
    QString path = entry.path.mid(common.size());
    // A bug report's sections keep their titles whole ("/var/log/Xorg.0.log") and are
    // grouped by their kind ("Kernel log", "X server log" ...).
    static const QRegularExpression bugReport(
        QStringLiteral("(?i)bug-report[^/!]*\\.log(?:\\.gz)?!"));
    QString section;
    if (const auto m = bugReport.match(path); m.hasMatch() && m.capturedEnd() < path.size()) {
        section = path.mid(m.capturedEnd());
        path.truncate(m.capturedEnd());
    }
    // Split after each '/' or '!' so an archive node keeps its '!' ("b.tgz!").
    QStringList parts;
    QList<qsizetype> ends; // where each part ends in `path`
    qsizetype start = 0;
    for (auto it = separators.globalMatch(path); it.hasNext();) {
        const auto m = it.next();
        const QString part = path.mid(start, m.capturedStart() - start
                                                 + (m.captured() == QLatin1String("!") ? 1 : 0));
        if (!part.isEmpty()) {
            parts << part;
            ends << m.capturedStart();
        }
        start = m.capturedEnd();
    }
    if (start < path.size())
        parts << path.mid(start);
    if (!section.isEmpty()) {
        parts << sectionKindName(sectionKind(entry.path)) << section;
    }
    return {parts, ends, section};
}

} // namespace

void BundleTreeModel::setEntries(const QList<Entry> &entries, const QString &timelinePath)
{
    removeRows(0, rowCount());
    m_leaves.clear();
    m_timeline = nullptr;
    std::vector<Node> nodes; // folders, archives and leaves, for the counts
    QHash<QString, size_t> folders;
    const QString common = commonFolder(entries);
    nodes.reserve(size_t(entries.size()) * 2);
    int sectionOrder = 0;
    for (const Entry &entry : entries) {
        const auto [parts, ends, section] = pathParts(entry, common);
        QStandardItem *parent = invisibleRootItem();
        QString key;
        std::vector<size_t> chain;
        for (int i = 0; i < parts.size(); ++i) {
            key += QLatin1Char('\x1f') + parts[i];
            const bool leaf = i == parts.size() - 1;
            if (!leaf && folders.contains(key)) {
                chain.push_back(folders.value(key));
                parent = nodes[chain.back()].name;
                continue;
            }
            Node node{new QStandardItem(parts[i]), new QStandardItem()};
            // Files and folders (an archive's in any order) by name; a bug report's kinds and
            // sections in the report's own order.
            node.name->setData(
                !section.isEmpty() && i >= parts.size() - 2
                    ? QStringLiteral("%1").arg(sectionOrder++, 9, 10, QLatin1Char('0'))
                    : parts[i].toLower(),
                kSortRole);
            node.hits->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (!leaf && i < ends.size())
                node.name->setData(entry.path.left(common.size() + ends[i]),
                                   BundleTreeModel::FolderPathRole);
            if (leaf) {
                describeLeaf(node.name, entry, parts[i]);
                m_leaves.insert(entry.path, node.name);
            }
            parent->appendRow({node.name, node.hits});
            parent = node.name;
            nodes.push_back(node);
            chain.push_back(nodes.size() - 1);
            if (!leaf)
                folders.insert(key, chain.back());
        }
        if (entry.hits)
            for (size_t n : chain) {
                nodes[n].count += entry.hits;
                nodes[n].worst = std::max(nodes[n].worst.value_or(Severity::Info),
                                          entry.worst.value_or(Severity::Info));
            }
    }
    for (Node &node : nodes)
        showCount(node);
    setSortRole(kSortRole);
    for (int row = 0; row < rowCount(); ++row) // the inputs stay in the order given
        item(row)->sortChildren(0);
    if (!timelinePath.isEmpty() && !entries.isEmpty())
        addTimelineRow(timelinePath);
}

// A file's row: its label, and whether it is left out of the analysis.
void BundleTreeModel::describeLeaf(QStandardItem *name, const Entry &entry, const QString &part)
{
    name->setData(entry.path, kPathRole);
    name->setData(QString(entry.path + QLatin1Char(' ') + entry.label), kFilterRole);
    name->setToolTip(entry.label.isEmpty() ? entry.path
                                           : entry.path + QLatin1String("\n") + entry.label);
    if (!entry.label.isEmpty())
        name->setText(part + QLatin1String("  (") + entry.label + QLatin1Char(')'));
    if (entry.excluded) {
        name->setData(true, kExcludedRole);
        name->setText(name->text() + tr("  (excluded)"));
        name->setToolTip(name->toolTip() + QLatin1Char('\n')
                         + tr("Excluded from the analysis: no rule runs on it"));
        QFont italic = name->font();
        italic.setItalic(true);
        name->setFont(italic);
    }
}

// The first row: every file's lines merged in time order.
void BundleTreeModel::addTimelineRow(const QString &timelinePath)
{
    auto *timeline = new QStandardItem(tr("Timeline (all files by time)"));
    timeline->setData(timelinePath, kPathRole);
    timeline->setData(tr("timeline"), kFilterRole);
    timeline->setToolTip(tr("Every line with a date, from all files, in time order (UTC)"));
    timeline->setIcon(QIcon::fromTheme(QStringLiteral("view-calendar-timeline")));
    QFont f = timeline->font();
    f.setItalic(true);
    timeline->setFont(f);
    insertRow(0, {timeline, new QStandardItem()});
    m_timeline = timeline;
    m_timelinePath = timelinePath;
}

QModelIndex BundleTreeModel::indexOf(const QString &path) const
{
    const QStandardItem *item
        = m_timeline && path == m_timelinePath ? m_timeline : m_leaves.value(path);
    return item ? item->index() : QModelIndex();
}

QList<QModelIndex> BundleTreeModel::entries() const
{
    QList<QModelIndex> out;
    for (const QStandardItem *item : m_leaves)
        out << item->index();
    return out;
}

void BundleTree::setEntries(const QList<Entry> &entries, const QString &timelinePath)
{
    const QSignalBlocker blocker(m_tree->selectionModel());
    m_model->setEntries(entries, timelinePath);
    if (entries.size() <= 500)
        m_tree->expandAll();
    else
        m_tree->expandToDepth(1);
}

void BundleTree::selectPath(const QString &path)
{
    const QModelIndex index = viewIndex(path);
    if (!index.isValid() || m_tree->currentIndex() == index)
        return;
    const QSignalBlocker blocker(m_tree->selectionModel());
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    m_tree->viewport()->update();
}

QModelIndex BundleTree::viewIndex(const QString &path) const
{
    return m_proxy->mapFromSource(m_model->indexOf(path));
}

QString BundleTree::currentPath() const
{
    return m_tree->currentIndex().siblingAtColumn(NameColumn).data(kPathRole).toString();
}

int BundleTree::visibleEntryCount() const
{
    const QList<QModelIndex> entries = m_model->entries();
    return int(std::count_if(entries.begin(), entries.end(), [this](const QModelIndex &i) {
        return m_proxy->mapFromSource(i).isValid();
    }));
}

} // namespace gputriage
