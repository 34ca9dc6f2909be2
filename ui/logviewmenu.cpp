#include "logview.h"

#include <QContextMenuEvent>
#include <QMenu>

#include <memory>

namespace gputriage {

void LogView::contextMenuEvent(QContextMenuEvent *event)
{
    if (!m_doc)
        return;
    std::unique_ptr<QMenu> menu(
        createContextMenu(lineAtRow(rowAt(viewport()->mapFromGlobal(event->globalPos())))));
    menu->exec(event->globalPos());
}

QMenu *LogView::createContextMenu(std::optional<LineNumber> line)
{
    // A right-click outside the selection selects the line under the mouse first.
    const auto lines = selection();
    if (line && !hasTextSelection() && (!lines || *line < lines->first || *line > lines->second))
        setCurrentLine(*line);
    auto *menu = new QMenu(this);
    QAction *copyAction = menu->addAction(tr("&Copy"), this, &LogView::copy);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setObjectName(QStringLiteral("logCopy"));
    copyAction->setEnabled(m_current || hasTextSelection());
    QAction *all = menu->addAction(tr("Select &All"), this, &LogView::selectAll);
    all->setShortcut(QKeySequence::SelectAll);
    all->setObjectName(QStringLiteral("logSelectAll"));
    const QString selected = hasTextSelection() ? selectedText() : QString();
    if (!selected.isEmpty() && !selected.contains(QLatin1Char('\n')) && selected.size() <= 200) {
        menu->addSeparator();
        const QString shown = selected.size() > 40 ? selected.left(39) + QChar(0x2026) : selected;
        menu->addAction(tr("&Find \u201c%1\u201d").arg(shown), this,
                        [this, selected] { Q_EMIT findRequested(selected, false); })
            ->setObjectName(QStringLiteral("logFind"));
        menu->addAction(tr("Search All &Files for \u201c%1\u201d").arg(shown), this,
                        [this, selected] { Q_EMIT findRequested(selected, true); })
            ->setObjectName(QStringLiteral("logFindAll"));
    }
    if (!actions().isEmpty()) { // the window's actions on a line (bookmark, new rule)
        menu->addSeparator();
        menu->addActions(actions());
    }
    return menu;
}

} // namespace gputriage
