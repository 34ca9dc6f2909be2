#include "bookmarks.h"
#include "counted.h"
#include "settings.h"

#include <QAction>
#include <QCryptographicHash>
#include <QFileInfo>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace gputriage {

namespace {
bool before(const Bookmark &a, const QString &path, int line)
{
    return std::pair(a.path, a.line) < std::pair(path, line);
}
} // namespace

void BookmarksModel::setBookmarks(QList<Bookmark> bookmarks)
{
    beginResetModel();
    m_bookmarks = std::move(bookmarks);
    std::sort(m_bookmarks.begin(), m_bookmarks.end(),
              [](const Bookmark &a, const Bookmark &b) { return before(a, b.path, b.line); });
    reindex();
    endResetModel();
    Q_EMIT bookmarksChanged();
}

void BookmarksModel::reindex()
{
    m_lines.clear();
    for (const Bookmark &b : m_bookmarks)
        m_lines[b.path].insert(b.line);
}

int BookmarksModel::indexOf(const QString &path, int line) const
{
    for (qsizetype row = 0; row < m_bookmarks.size(); ++row)
        if (m_bookmarks[row].path == path && m_bookmarks[row].line == line)
            return int(row);
    return -1;
}

bool BookmarksModel::isBookmarked(const QString &path, int line) const
{
    const auto it = m_lines.constFind(path);
    return it != m_lines.cend() && it->contains(line);
}

int BookmarksModel::add(const Bookmark &bookmark)
{
    if (const int row = indexOf(bookmark.path, bookmark.line); row >= 0)
        return row;
    const auto at = std::lower_bound(
        m_bookmarks.begin(), m_bookmarks.end(), bookmark,
        [](const Bookmark &a, const Bookmark &b) { return before(a, b.path, b.line); });
    const int row = int(at - m_bookmarks.begin());
    beginInsertRows({}, row, row);
    m_bookmarks.insert(row, bookmark);
    m_lines[bookmark.path].insert(bookmark.line);
    endInsertRows();
    Q_EMIT bookmarksChanged();
    return row;
}

void BookmarksModel::remove(int row)
{
    if (row < 0 || row >= m_bookmarks.size())
        return;
    beginRemoveRows({}, row, row);
    m_bookmarks.removeAt(row);
    reindex();
    endRemoveRows();
    Q_EMIT bookmarksChanged();
}

int BookmarksModel::next(const QString &path, int line, int delta) const
{
    if (m_bookmarks.isEmpty())
        return -1;
    const int n = int(m_bookmarks.size());
    if (delta > 0) {
        for (int row = 0; row < n; ++row)
            if (before(Bookmark{path, line}, m_bookmarks[row].path, m_bookmarks[row].line))
                return row;
        return 0;
    }
    for (int row = n - 1; row >= 0; --row)
        if (before(m_bookmarks[row], path, line))
            return row;
    return n - 1;
}

int BookmarksModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_bookmarks.size());
}

int BookmarksModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BookmarksModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Bookmark &b = m_bookmarks[index.row()];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case PlaceColumn:
            return QStringLiteral("%1:%2").arg(QFileInfo(b.path).fileName()).arg(b.line);
        case NoteColumn: return b.note;
        case TextColumn: return b.text.left(300);
        default: return {};
        }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case PlaceColumn: return QStringLiteral("%1:%2").arg(b.path).arg(b.line);
        case NoteColumn:
            return QString((b.note.isEmpty() ? QString() : b.note + QLatin1Char('\n'))
                           + tr("Double-click or F2 to edit the note"));
        case TextColumn: return b.text.left(1000);
        default: return {};
        }
    case PathRole: return b.path;
    case LineNumberRole: return b.line;
    default: return {};
    }
}

bool BookmarksModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || index.column() != NoteColumn
        || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const QString note = value.toString().trimmed();
    if (m_bookmarks[index.row()].note == note)
        return true;
    m_bookmarks[index.row()].note = note;
    Q_EMIT dataChanged(index, index, {Qt::DisplayRole, Qt::EditRole});
    Q_EMIT bookmarksChanged();
    return true;
}

Qt::ItemFlags BookmarksModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == NoteColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant BookmarksModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PlaceColumn: return tr("Line");
    case NoteColumn: return tr("Note");
    case TextColumn: return tr("Text");
    default: return {};
    }
}

BookmarksPanel::BookmarksPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new BookmarksModel(this))
    , m_summary(new QLabel(this))
    , m_view(new QTreeView(this))
    , m_toggle(new QAction(tr("Toggle &Bookmark"), this))
    , m_note(new QAction(tr("Bookmark with &Note…"), this))
    , m_next(new QAction(tr("Ne&xt Bookmark"), this))
    , m_previous(new QAction(tr("Pre&vious Bookmark"), this))
{
    setObjectName(QStringLiteral("bookmarks"));
    m_summary->setWordWrap(true);
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(BookmarksModel::PlaceColumn,
                                           QHeaderView::ResizeToContents);
    m_view->setColumnWidth(BookmarksModel::NoteColumn, 240);
    m_view->installEventFilter(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT lineActivated(
            index.data(BookmarksModel::PathRole).toString(),
            LineNumber::fromDisplayed(index.data(BookmarksModel::LineNumberRole).toInt()));
    });
    connect(m_view, &QTreeView::clicked, this, [this](const QModelIndex &index) {
        if (index.column() != BookmarksModel::NoteColumn)
            Q_EMIT m_view->activated(index);
    });
    connect(m_model, &BookmarksModel::bookmarksChanged, this, [this] {
        save();
        updateSummary();
    });

    m_toggle->setObjectName(QStringLiteral("actionToggleBookmark"));
    m_toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    connect(m_toggle, &QAction::triggered, this, &BookmarksPanel::toggleCurrent);
    m_note->setObjectName(QStringLiteral("actionBookmarkNote"));
    m_note->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    connect(m_note, &QAction::triggered, this, &BookmarksPanel::editNoteOfCurrent);
    m_next->setObjectName(QStringLiteral("actionNextBookmark"));
    m_next->setShortcut(QKeySequence(Qt::ALT | Qt::Key_PageDown));
    connect(m_next, &QAction::triggered, this, [this] { goToNext(+1); });
    m_previous->setObjectName(QStringLiteral("actionPreviousBookmark"));
    m_previous->setShortcut(QKeySequence(Qt::ALT | Qt::Key_PageUp));
    connect(m_previous, &QAction::triggered, this, [this] { goToNext(-1); });
    updateSummary();
}

void BookmarksPanel::setBundle(const QStringList &paths)
{
    QStringList absolute;
    for (const QString &p : paths)
        absolute << QFileInfo(p).absoluteFilePath();
    absolute.sort();
    m_key = absolute.isEmpty() ? QString()
                               : QString::fromLatin1(QCryptographicHash::hash(
                                                         absolute.join(QLatin1Char('\n')).toUtf8(),
                                                         QCryptographicHash::Sha1)
                                                         .toHex());
    const QList<Bookmark> loaded = m_key.isEmpty() ? QList<Bookmark>() : Settings::bookmarks(m_key);
    const QString key = m_key;
    m_key.clear(); // not saved back while loading
    m_model->setBookmarks(loaded);
    m_key = key;
}

void BookmarksPanel::save() const
{
    if (m_key.isEmpty())
        return;
    Settings::setBookmarks(m_key, m_model->bookmarks());
}

void BookmarksPanel::updateSummary()
{
    const qsizetype n = m_model->bookmarks().size();
    m_summary->setText(n == 0 ? tr("No bookmarks. Ctrl+B marks the current line, Ctrl+Shift+B "
                                   "marks it with a note; both go into the exported report.")
                              : tr("%1, in the exported report with their notes. Double-click "
                                   "a note to edit it, Delete removes a bookmark.")
                                    .arg(counted(n, tr("bookmark"), tr("bookmarks"))));
}

void BookmarksPanel::toggleCurrent()
{
    const std::optional<Bookmark> current = m_current ? m_current() : std::nullopt;
    if (!current) {
        Q_EMIT notice(tr("Select a log line first"));
        return;
    }
    if (const int row = m_model->indexOf(current->path, current->line); row >= 0) {
        m_model->remove(row);
        Q_EMIT notice(tr("Bookmark removed from line %1").arg(current->line));
    } else {
        m_model->add(*current);
        Q_EMIT notice(tr("Line %1 bookmarked (Alt+PgDown / Alt+PgUp go from one to the next)")
                          .arg(current->line));
    }
}

void BookmarksPanel::editNoteOfCurrent()
{
    const std::optional<Bookmark> current = m_current ? m_current() : std::nullopt;
    if (!current) {
        Q_EMIT notice(tr("Select a log line first"));
        return;
    }
    const int row = m_model->add(*current);
    Q_EMIT showRequested();
    const QModelIndex index = m_model->index(row, BookmarksModel::NoteColumn);
    m_view->setCurrentIndex(index);
    m_view->setFocus();
    m_view->edit(index);
}

void BookmarksPanel::goToNext(int delta)
{
    const std::optional<Bookmark> current = m_current ? m_current() : std::nullopt;
    const int row = current ? m_model->next(current->path, current->line, delta)
                            : (m_model->bookmarks().isEmpty() ? -1 : 0);
    if (row < 0) {
        Q_EMIT notice(tr("No bookmarks: Ctrl+B marks the current line"));
        return;
    }
    const Bookmark &b = m_model->bookmarks()[row];
    m_view->setCurrentIndex(m_model->index(row, BookmarksModel::PlaceColumn));
    Q_EMIT lineActivated(b.path, LineNumber::fromDisplayed(b.line));
}

bool BookmarksPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::KeyPress
        && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Delete
        && m_view->currentIndex().isValid()) { // while a note is edited, its editor has the keys
        m_model->remove(m_view->currentIndex().row());
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace gputriage
