#pragma once

#include <QFont>
#include <QString>
#include <QStringList>

namespace gputriage {

// What Settings ▸ Preferences changes, kept in Settings.
struct Preferences
{
    QFont logFont;           // the log view's font
    QString theme;           // a KSyntaxHighlighting theme; empty follows the light/dark palette
    QStringList ruleFolders; // rule files or folders loaded after the shipped and user rules

    friend bool operator==(const Preferences &, const Preferences &) = default;
};

} // namespace gputriage
