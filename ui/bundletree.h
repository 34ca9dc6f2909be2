#pragma once

#include "rules/rule.h"

#include <QHash>
#include <QWidget>

#include <optional>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace gputriage {

// The entries of a bundle as a tree (folders, archives `a.tgz!`, bug-report sections), each
// with its number of rule hits and highest severity; a filter box narrows it by name.
class BundleTree : public QWidget
{
    Q_OBJECT

public:
    struct Entry
    {
        QString path;
        QString label;
        int hits = 0;
        std::optional<Severity> worst;
    };

    explicit BundleTree(QWidget *parent = nullptr);

    void setEntries(const QList<Entry> &entries);
    void selectPath(const QString &path); // without emitting entrySelected
    QString currentPath() const;
    QTreeWidget *tree() const { return m_tree; }
    QLineEdit *filter() const { return m_filter; }
    int visibleEntryCount() const;

Q_SIGNALS:
    void entrySelected(const QString &path);

private:
    void applyFilter(const QString &text);

    QLineEdit *m_filter;
    QTreeWidget *m_tree;
    QHash<QString, QTreeWidgetItem *> m_leaves;
};

} // namespace gputriage
