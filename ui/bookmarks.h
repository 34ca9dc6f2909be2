#pragma once

#include "engine/finding.h"
#include "text/linetypes.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSet>
#include <QWidget>

#include <functional>
#include <optional>

class QAction;
class QLabel;
class QTreeView;

namespace gputriage {

// The lines the engineer bookmarked in the open bundle, ordered by file and line; the note is
// edited in place.
class BookmarksModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { PlaceColumn, NoteColumn, TextColumn, ColumnCount };
    enum Role { PathRole = Qt::UserRole + 1, LineNumberRole };
    using QAbstractTableModel::QAbstractTableModel;

    const QList<Bookmark> &bookmarks() const { return m_bookmarks; }
    void setBookmarks(QList<Bookmark> bookmarks);
    int indexOf(const QString &path, int line) const; // row, or -1
    bool isBookmarked(const QString &path, int line) const;
    // Adds the bookmark, or returns the row that already marks its line.
    int add(const Bookmark &bookmark);
    void remove(int row);
    // The row after (delta +1) or before (-1) the place (path, line), wrapping; -1 if empty.
    int next(const QString &path, int line, int delta) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

Q_SIGNALS:
    void bookmarksChanged(); // added, removed, a note edited, or replaced

private:
    void reindex();

    QList<Bookmark> m_bookmarks;
    QHash<QString, QSet<int>> m_lines; // path → bookmarked line numbers
};

// The "Bookmarks" tab and its actions. Bookmarks are kept per bundle (in the settings, under
// the bundle's paths), so they are back when the bundle is opened again.
class BookmarksPanel : public QWidget
{
    Q_OBJECT

public:
    explicit BookmarksPanel(QWidget *parent = nullptr);

    BookmarksModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    // The line the actions act on (the log view's current line, as its file has it).
    void setCurrentLineProvider(std::function<std::optional<Bookmark>()> provider)
    {
        m_current = std::move(provider);
    }
    // Shows the bookmarks saved for these paths (empty: none, nothing saved).
    void setBundle(const QStringList &paths);

    QAction *toggleAction() const { return m_toggle; }
    QAction *noteAction() const { return m_note; }
    QAction *nextAction() const { return m_next; }
    QAction *previousAction() const { return m_previous; }

    void toggleCurrent();
    void editNoteOfCurrent(); // bookmarks the line if needed, then edits its note here
    void goToNext(int delta);

Q_SIGNALS:
    void lineActivated(const QString &path, LineNumber line); // a line of that file
    void showRequested();                                     // put this tab in front
    void notice(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void save() const;
    void updateSummary();

    BookmarksModel *m_model;
    QLabel *m_summary;
    QTreeView *m_view;
    QAction *m_toggle, *m_note, *m_next, *m_previous;
    std::function<std::optional<Bookmark>()> m_current;
    QString m_key; // where the open bundle's bookmarks are saved
};

} // namespace gputriage
