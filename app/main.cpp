#include "cli/cli.h"
#include "paths.h"

#include <QCoreApplication>

#ifdef GPUTRIAGE_WITH_GUI
#include "historylookup.h"
#include "mainwindow.h"

#include <QApplication>
#include <QGuiApplication>
#include <QIcon>
#include <QThreadPool>
#endif

#ifdef GPUTRIAGE_GUI_EXECUTABLE
#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <unistd.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

[[maybe_unused]] bool haveDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY")
           || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
           || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

#ifdef GPUTRIAGE_GUI_EXECUTABLE
// Runs gputriage-gui from this program's folder with the same arguments; returns only when
// it cannot be started (then this program does what it can without it).
void handOverToGui(char **argv)
{
    const QString self = QFileInfo(QStringLiteral("/proc/self/exe")).canonicalFilePath();
    const QString gui = QFileInfo(self).dir().filePath(QStringLiteral(GPUTRIAGE_GUI_EXECUTABLE));
    const QByteArray path = QFile::encodeName(gui);
    ::execv(path.constData(), argv);
    std::fprintf(stderr, "gputriage: cannot start %s: %s\n", path.constData(),
                 std::strerror(errno));
}
#endif

// Without any display the GUI cannot start; show what it would have shown, as text.
int reportWithoutDisplay(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList paths = gputriage::nativeArguments(argc, argv).mid(1);
    if (paths.isEmpty())
        paths << gputriage::dataDir(QStringLiteral("sample"));
    std::fprintf(stderr, "gputriage: no display found (DISPLAY/WAYLAND_DISPLAY unset); printing "
                         "the text report instead.\n");
    return gputriage::runCli(QStringList{app.arguments().at(0), QStringLiteral("analyze")} + paths);
}

} // namespace

int main(int argc, char **argv)
{
    const QStringList args = gputriage::nativeArguments(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gputriage"));
    QCoreApplication::setOrganizationName(QStringLiteral("gputriage"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GPUTRIAGE_VERSION));

#ifdef GPUTRIAGE_GUI_EXECUTABLE
    if (gputriage::isCliInvocation(args) ? gputriage::needsGuiApplication(args) : haveDisplay())
        handOverToGui(argv);
#endif
    if (gputriage::isCliInvocation(args)) {
#ifdef GPUTRIAGE_WITH_GUI
        if (gputriage::needsGuiApplication(args)) {
            if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
                qputenv("QT_QPA_PLATFORM", "offscreen"); // fonts without a display
            QGuiApplication app(argc, argv);
            return gputriage::runCli(gputriage::nativeArguments(argc, argv));
        }
#endif
        // Names that are not valid UTF-8 stay openable (Qt's own decoding loses their bytes).
        QCoreApplication app(argc, argv);
        return gputriage::runCli(gputriage::nativeArguments(argc, argv));
    }
#ifdef GPUTRIAGE_WITH_GUI
    if (!haveDisplay())
        return reportWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("GPU Triage"));
    // Ties the windows to the installed desktop entry and icon (Wayland app id, taskbars).
    QGuiApplication::setDesktopFileName(QStringLiteral(GPUTRIAGE_APP_ID));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral(GPUTRIAGE_APP_ID)));
    auto window = std::make_unique<gputriage::MainWindow>();
    window->show();
    const QStringList paths = app.arguments().mid(1);
    if (!paths.isEmpty())
        window->openPaths(paths);
    const int rc = app.exec();
    window.reset(); // every job asked to stop
    // A job may take a while yet to see that (a large file is indexed to its end first). No job
    // writes a user file (those are written on this thread, settings at once), so the process
    // does not wait for them: QApplication's end would.
    if (!QThreadPool::globalInstance()->waitForDone(200)
        || !gputriage::libraryPool()->waitForDone(0)) {
        std::fflush(nullptr);
        std::_Exit(rc);
    }
    return rc;
#else
    return reportWithoutDisplay(argc, argv);
#endif
}
