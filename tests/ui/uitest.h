#pragma once

// Set-up the GUI tests share: a private user configuration, files written for one test
// (testfiles.h), and a main window that has opened a bundle and finished analysing it.

#include "linetest.h"
#include "mainwindow.h"
#include "testfiles.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace gputriage::test {

// How long a test waits for an analysis, a validation or a rule test: generous, since the
// sanitizer build on two busy cores runs several times slower (a wait that passes returns at
// once).
#ifdef GPUTRIAGE_SANITIZE
constexpr int kWaitMs = 60000;
#else
constexpr int kWaitMs = 20000;
#endif

// A fresh $XDG_CONFIG_HOME (user rules) for one test, restored afterwards.
struct PrivateConfig
{
    QTemporaryDir dir;
    QByteArray old = qgetenv("XDG_CONFIG_HOME");
    PrivateConfig() { qputenv("XDG_CONFIG_HOME", dir.path().toUtf8()); }
    ~PrivateConfig() { qputenv("XDG_CONFIG_HOME", old); }
    QString path() const { return dir.path(); }
};

// Opens `paths` in `window` and waits until the analysis is done.
[[nodiscard]] inline bool openAndWait(MainWindow &window, const QStringList &paths)
{
    QSignalSpy finished(&window, &MainWindow::analysisFinished);
    window.openPaths(paths);
    return finished.wait(kWaitMs);
}

} // namespace gputriage::test
