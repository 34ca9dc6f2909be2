#pragma once

#include <QDialog>
#include <QStringList>
#include <QWidget>

#include <functional>

class QMenu;
class QMenuBar;

namespace gputriage {

// Adds a bundle to Settings::recentBundles(), its paths made absolute; ten are kept.
void rememberRecentBundle(const QStringList &paths);
// File ▸ Open Recent: one entry per recent bundle, each calling `open` with its paths.
void fillRecentMenu(QMenu *menu, const std::function<void(const QStringList &)> &open);
// A recent bundle's name for a button: its first file's name, with the folders above it when
// another recent bundle has a file of that name, and how many more files it has.
QString recentLabel(const QStringList &paths, const QList<QStringList> &recent);
// Asks for files (or a folder) to open, starting where the last ones were; empty if cancelled.
QStringList chooseBundle(QWidget *parent, bool folder);

// What the window shows before a bundle is open: drop here, Open…, the sample, the last bundles.
class WelcomePage : public QWidget
{
    Q_OBJECT

public:
    explicit WelcomePage(QWidget *parent = nullptr);

Q_SIGNALS:
    void openRequested();
    void sampleRequested();
    void pathsRequested(const QStringList &paths);
};

// Help ▸ Keyboard Shortcuts: the menus' own shortcuts (so the list is always true), then the
// keys of the views.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    ShortcutsDialog(const QMenuBar *menus, QWidget *parent = nullptr);
};

} // namespace gputriage
