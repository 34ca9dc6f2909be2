#pragma once

#include <QStringList>

namespace gputriage {

// True when argv[1] selects the command-line interface rather than the GUI.
bool isCliInvocation(const QStringList &arguments);

// True when the command renders with QtGui (PDF) and so needs a QGuiApplication.
bool needsGuiApplication(const QStringList &arguments);

// Runs `gputriage analyze|rules|--version|--help`; returns the process exit code
// (0 ok, 1 a finding at or above --fail-on or a failing rule example, 2 usage or input error).
int runCli(const QStringList &arguments);

} // namespace gputriage
