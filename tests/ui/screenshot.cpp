// Renders the main window on a bundle into a PNG (used by scripts/screenshot for the README).
#include "bookmarks.h"
#include "exportdialog.h"
#include "filterspanel.h"
#include "findingsmodel.h"
#include "findingspanel.h"
#include "logview.h"
#include "mainwindow.h"
#include "rulesdock.h"
#include "searchbar.h"
#include "settingsdialog.h"
#include "text/logdocument.h"
#include "timechart.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QLineEdit>
#include <QPainter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolTip>
#include <QTreeView>

int main(int argc, char **argv)
{
    // Settings of its own (no saved bookmarks, places or preferences), so every run is alike.
    QTemporaryDir config;
    qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        qWarning("usage: gputriage-screenshot OUTPUT.png PATH...");
        return 2;
    }
    gputriage::MainWindow window;
    // GPUTRIAGE_SCREENSHOT_THEME=name uses that KSyntaxHighlighting theme ("Breeze Dark").
    if (const QString theme = qEnvironmentVariable("GPUTRIAGE_SCREENSHOT_THEME");
        !theme.isEmpty()) {
        gputriage::Preferences preferences = gputriage::Settings::preferences();
        preferences.theme = theme;
        window.applyPreferences(preferences);
    }
    window.resize(1500, 820);
    // GPUTRIAGE_SCREENSHOT_SIZE=WxH another window size ("1024x700").
    if (const QStringList size = qEnvironmentVariable("GPUTRIAGE_SCREENSHOT_SIZE").split(u'x');
        size.size() == 2)
        window.resize(size[0].toInt(), size[1].toInt());
    window.show();
    // With a case library, after its counts came (they are looked up after the analysis).
    const auto ready = qEnvironmentVariableIsSet("GPUTRIAGE_LIBRARY_URL")
                           ? &gputriage::MainWindow::historyShown
                           : &gputriage::MainWindow::analysisFinished;
    QObject::connect(&window, ready, &window, [&] {
        // Show the first finding selected, as after a click (GPUTRIAGE_SCREENSHOT_FINDING=text:
        // the first whose title has that text).
        auto *panel = window.findingsPanel();
        QModelIndex first = panel->model()->index(0, gputriage::FindingsModel::TitleColumn);
        if (const QString wanted = qEnvironmentVariable("GPUTRIAGE_SCREENSHOT_FINDING");
            !wanted.isEmpty())
            for (int row = 0; row < panel->model()->rowCount(); ++row) {
                const QModelIndex i
                    = panel->model()->index(row, gputriage::FindingsModel::TitleColumn);
                if (i.data().toString().contains(wanted)) {
                    first = i;
                    break;
                }
            }
        if (first.isValid()) {
            panel->view()->setCurrentIndex(first);
            Q_EMIT panel->view()->clicked(first);
        }
        // GPUTRIAGE_SCREENSHOT_TAB=N shows that tab of the side panel (1: GPUs, 3: other messages).
        if (const int tab = qEnvironmentVariableIntValue("GPUTRIAGE_SCREENSHOT_TAB"); tab > 0)
            window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->setCurrentIndex(tab);
        // GPUTRIAGE_SCREENSHOT_BOOKMARKS=1 bookmarks the line shown, with a note, and the
        // line after it, and shows the Bookmarks tab.
        if (qEnvironmentVariableIsSet("GPUTRIAGE_SCREENSHOT_BOOKMARKS")) {
            auto *bookmarks = window.bookmarksPanel();
            const auto line = window.logView()->currentLine().value_or(gputriage::LineNumber(0));
            bookmarks->toggleCurrent();
            const QModelIndex note
                = bookmarks->model()->index(0, gputriage::BookmarksModel::NoteColumn);
            bookmarks->model()->setData(
                note, QStringLiteral("first sign: GPU fell off the bus, ask for the SEL"));
            window.logView()->setCurrentLine(
                std::max(gputriage::LineNumber(0), line - gputriage::LinesCount(4)));
            bookmarks->toggleCurrent();
            window.logView()->setCurrentLine(line);
            window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->setCurrentWidget(bookmarks);
        }
        // GPUTRIAGE_SCREENSHOT_WRAP=1 wraps long lines.
        if (qEnvironmentVariableIsSet("GPUTRIAGE_SCREENSHOT_WRAP"))
            window.findChild<QAction *>(QStringLiteral("actionWrap"))->trigger();
        // GPUTRIAGE_SCREENSHOT_SEARCH=text shows the search bar with that text.
        if (const QString search = qEnvironmentVariable("GPUTRIAGE_SCREENSHOT_SEARCH");
            !search.isEmpty()) {
            window.searchBar()->activate();
            window.searchBar()->input()->setText(search);
        }
        // GPUTRIAGE_SCREENSHOT_FILTERS=in:TEXT,out:TEXT stacks those filters (in that order)
        // and shows the Filters tab once the log view shows what they let through.
        if (const QString filters = qEnvironmentVariable("GPUTRIAGE_SCREENSHOT_FILTERS");
            !filters.isEmpty()) {
            auto *panel = window.findChild<gputriage::FiltersPanel *>();
            window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->setCurrentWidget(panel);
            // Each filter added replaces the search before: only the last one's result comes.
            QObject::connect(panel, &gputriage::FiltersPanel::filtersApplied, &window, [&] {
                QTimer::singleShot(500, &window, [&] {
                    const bool ok = window.grab().save(args.at(1));
                    app.exit(ok ? 0 : 1);
                });
            });
            for (const QString &filter : filters.split(u',')) {
                const bool out = filter.startsWith(QLatin1String("out:"));
                panel->addFilter(out ? gputriage::FiltersPanel::Kind::Out
                                     : gputriage::FiltersPanel::Kind::In,
                                 filter.section(u':', 1));
            }
            return;
        }
        // GPUTRIAGE_SCREENSHOT_EXPORT=1 shows the export dialog instead of the window.
        if (qEnvironmentVariableIsSet("GPUTRIAGE_SCREENSHOT_EXPORT")) {
            auto *dialog = new gputriage::ExportDialog(window.result(), &window);
            dialog->show();
            QTimer::singleShot(800, &window, [&, dialog] {
                const bool ok = dialog->grab().save(args.at(1));
                app.exit(ok ? 0 : 1);
            });
            return;
        }
        // GPUTRIAGE_SCREENSHOT_COMPARE=PATH shows what changed from the bundle to PATH.
        if (const QString other = qEnvironmentVariable("GPUTRIAGE_SCREENSHOT_COMPARE");
            !other.isEmpty()) {
            QObject::connect(&window, &gputriage::MainWindow::comparisonShown, &window, [&] {
                QTimer::singleShot(300, &window, [&] {
                    const bool ok = window.grab().save(args.at(1));
                    app.exit(ok ? 0 : 1);
                });
            });
            window.compareWith({other});
            return;
        }
        // GPUTRIAGE_SCREENSHOT_RULES=1 shows the rule editor with a draft from the current line.
        if (qEnvironmentVariableIsSet("GPUTRIAGE_SCREENSHOT_RULES")) {
            window.resize(1500, 1000);
            window.newRuleFromCurrentLine();
            QObject::connect(window.rulesDock(), &gputriage::RulesDock::validated, &window,
                             [&] { window.rulesDock()->testOnBundle(); });
            QObject::connect(window.rulesDock(), &gputriage::RulesDock::testFinished, &window, [&] {
                QTimer::singleShot(300, &window, [&] {
                    const bool ok = window.grab().save(args.at(1));
                    app.exit(ok ? 0 : 1);
                });
            });
            return;
        }
        // GPUTRIAGE_SCREENSHOT_HIDE=1 hides the lines' prefixes (their time in the gutter).
        if (qEnvironmentVariableIsSet("GPUTRIAGE_SCREENSHOT_HIDE"))
            window.findChild<QAction *>(QStringLiteral("actionHidePrefixes"))->setChecked(true);
        // GPUTRIAGE_SCREENSHOT_TIMELINE=1 shows the merged timeline.
        if (qEnvironmentVariableIsSet("GPUTRIAGE_SCREENSHOT_TIMELINE")) {
            window.showTimeline();
            return;
        }
        QTimer::singleShot(500, &window, [&] {
            QImage image = window.grab().toImage();
            // GPUTRIAGE_SCREENSHOT_TOOLTIP=1 (with the time chart tab): the tooltip of the mark
            // drawn on top, as hovering it shows, painted where it appears.
            if (qEnvironmentVariableIsSet("GPUTRIAGE_SCREENSHOT_TOOLTIP")
                && !window.timeChart()->marks().empty()) {
                gputriage::TimeChart *chart = window.timeChart();
                const QPoint at = chart->marks().back().rect.center().toPoint();
                QToolTip::showText(chart->mapToGlobal(at), chart->toolTipAt(at), chart);
                QCoreApplication::processEvents();
                for (QWidget *w : QApplication::topLevelWidgets())
                    if (w->objectName() == QLatin1String("qtooltip_label") && w->isVisible()) {
                        // Kept inside the window, as a tooltip is kept on the screen.
                        QPoint where = chart->mapTo(&window, at) + QPoint(8, 12);
                        where.setX(std::min(where.x(), window.width() - w->width() - 4));
                        QPainter painter(&image);
                        painter.drawPixmap(where, w->grab());
                    }
            }
            const bool ok = image.save(args.at(1));
            app.exit(ok ? 0 : 1);
        });
    });
    // The timeline once every line is merged; GPUTRIAGE_SCREENSHOT_LINE=N shows line N current.
    QObject::connect(&window, &gputriage::MainWindow::timelineComplete, &window, [&] {
        const int wanted = qEnvironmentVariableIsSet("GPUTRIAGE_SCREENSHOT_LINE")
                               ? qEnvironmentVariableIntValue("GPUTRIAGE_SCREENSHOT_LINE")
                               : 60;
        window.logView()->setCurrentLine(
            gputriage::LineNumber(std::min(wanted, window.logView()->document()->lineCount() - 1)));
        QTimer::singleShot(500, &window, [&] {
            const bool ok = window.grab().save(args.at(1));
            app.exit(ok ? 0 : 1);
        });
    });
    window.openPaths(args.mid(2));
    return app.exec();
}
