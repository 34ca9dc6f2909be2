#pragma once

#include "rules/rule.h"

#include <QHash>
#include <QStandardItemModel>
#include <QWidget>

#include <optional>

class QLineEdit;
class QMenu;
class QSortFilterProxyModel;
class QStandardItem;
class QTreeView;

namespace gputriage {

// The entries of a bundle as a tree (folders, archives `a.tgz!`, bug-report sections), each
// with its number of rule hits and highest severity; a filter box narrows it by name.
// The bundle's files as a tree of folders and archives, each with its rule hits (summed up
// the folders, coloured by the worst severity); entries left out of the analysis in italics.
class BundleTreeModel : public QStandardItemModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, HitsColumn };
    // PathRole: a file's path; FolderPathRole: a folder's or an archive's.
    enum Role { PathRole = Qt::UserRole + 1, FilterRole, ExcludedRole, SortRole, FolderPathRole };
    struct Entry
    {
        QString path;
        QString label;
        int hits = 0;
        std::optional<Severity> worst;
        bool excluded = false; // left out of the analysis by the engineer
    };

    explicit BundleTreeModel(QObject *parent = nullptr);
    // `timelinePath`, when set, adds a first row for the merged time-ordered view.
    void setEntries(const QList<Entry> &entries, const QString &timelinePath = {});
    // The row of an entry or of the timeline; invalid when unknown.
    QModelIndex indexOf(const QString &path) const;
    QList<QModelIndex> entries() const; // not the timeline row
    const QString &timelinePath() const { return m_timelinePath; }

private:
    static void describeLeaf(QStandardItem *name, const Entry &entry, const QString &part);
    void addTimelineRow(const QString &timelinePath);

    QHash<QString, QStandardItem *> m_leaves; // the entries (not the timeline row)
    QStandardItem *m_timeline = nullptr;
    QString m_timelinePath;
};

class BundleTree : public QWidget
{
    Q_OBJECT

public:
    using Entry = BundleTreeModel::Entry;

    explicit BundleTree(QWidget *parent = nullptr);

    // `timelinePath`, when set, adds a first row for the merged time-ordered view.
    void setEntries(const QList<Entry> &entries, const QString &timelinePath = {});
    void selectPath(const QString &path); // without emitting entrySelected
    QString currentPath() const;
    QTreeView *tree() const { return m_tree; }
    BundleTreeModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QLineEdit *filter() const { return m_filter; }
    int visibleEntryCount() const;
    // The view's index of an entry (invalid when filtered out or unknown).
    QModelIndex viewIndex(const QString &path) const;
    // The context menu over an entry (Exclude from / Include in Analysis); the caller owns it.
    QMenu *createContextMenu(const QModelIndex &viewIndex);

Q_SIGNALS:
    void entrySelected(const QString &path);
    // "Exclude from Analysis" (or "Include in Analysis") in an entry's context menu.
    void exclusionRequested(const QString &path, bool exclude);

private:
    QLineEdit *m_filter;
    BundleTreeModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTreeView *m_tree;
};

} // namespace gputriage
