#pragma once

// What the workbench tests share (tests/ui/tst_workbench_*.cpp): the headers, and helpers that
// drive the main window as a user would.

#include "bookmarks.h"
#include "bundletree.h"
#include "bundleworkspace.h"
#include "comparetab.h"
#include "factspanel.h"
#include "filterspanel.h"
#include "findingsmodel.h"
#include "findingspanel.h"
#include "gpuspanel.h"
#include "highlighters.h"
#include "logview.h"
#include "mainwindow.h"
#include "messagebanner.h"
#include "notablepanel.h"
#include "palette.h"
#include "panelmodels.h"
#include "rulesdock.h"
#include "searchbar.h"
#include "searchresults.h"
#include "settings.h"
#include "settingsdialog.h"
#include "testarchive.h"
#include "text/logdocument.h"
#include "timechart.h"
#include "uitest.h"
#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>
#include <QWheelEvent>

namespace gputriage::test {

inline MessageBanner *banner(const MainWindow &window)
{
    return window.findChild<MessageBanner *>(QStringLiteral("banner"));
}

// Builds the merged timeline through the View menu and waits for all of it.
inline bool showTimeline(MainWindow &window)
{
    QSignalSpy shown(&window, &MainWindow::timelineShown);
    window.findChild<QAction *>(QStringLiteral("actionTimeline"))->trigger();
    if (!window.isTimelineShown() && !shown.wait(gputriage::test::kWaitMs))
        return false;
    QSignalSpy complete(&window, &MainWindow::timelineComplete);
    return window.isTimelineComplete() || complete.wait(gputriage::test::kWaitMs);
}

// Where column `column` of `line` is drawn in the log view's viewport (mid-height).
inline QPoint pointOf(LogView *view, LineNumber line, int column)
{
    const QString text = view->document()->lineText(line);
    const QFontMetrics metrics = view->fontMetrics();
    const int gutter = metrics.horizontalAdvance(QLatin1Char('9'))
                       * (QString::number(view->document()->lineCount()).size() + 2);
    const int x = gutter + 6 - view->horizontalScrollBar()->value()
                  + metrics.horizontalAdvance(text.left(column));
    const LinesCount row = line - view->firstVisibleLine().value();
    return {x, row.get() * metrics.height() + metrics.height() / 2};
}

// The log view's context menu over `line`: its items, and `name` triggered.
inline QStringList triggerInContextMenu(LogView *view, LineNumber line, const QString &name)
{
    std::unique_ptr<QMenu> menu(view->createContextMenu(line));
    QStringList texts;
    for (QAction *a : menu->actions())
        if (!a->isSeparator())
            texts << a->text();
    for (QAction *a : menu->actions()) // its own and the view's
        if (a->objectName() == name) {
            a->trigger();
            break;
        }
    return texts;
}

} // namespace gputriage::test
