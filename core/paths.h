#pragma once

#include <QString>
#include <QStringList>

namespace gputriage {

// The program's folder (QCoreApplication::applicationDirPath), read once: Qt caches it without a
// lock, and the rule and cache loaders ask for it from several threads at once (a leak under
// LeakSanitizer, and a data race).
QString applicationDir();

// A folder of the application's data (`rules`, `sample`): next to the binary in the build tree,
// `../share/gputriage/<name>` when installed, or in the XDG data dirs. Empty if not found.
QString dataDir(const QString &name);

// The input that writing `output` would replace or land inside: the same file (compared by
// device and inode, so through symlinks and hard links), or a folder that holds it. Empty when
// the output touches no input; "-" (standard input or output) is never a clash.
QString inputOverwrittenBy(const QString &output, const QStringList &inputs);

// File names are bytes. A name that is not valid UTF-8 keeps each byte Qt cannot decode as a
// lone surrogate U+DC80..U+DCFF (as Python's "surrogateescape"), so it can be opened again.
QString fromNativePath(const QByteArray &native);
QByteArray toNativePath(const QString &path);
// The path for people: each kept byte shown as U+FFFD.
QString shownPath(const QString &path);
// True when the path holds bytes that are not valid UTF-8 (Qt's file classes cannot open it).
bool hasNativeBytes(const QString &path);
// The program's arguments as fromNativePath() gives them.
QStringList nativeArguments(int argc, char **argv);

} // namespace gputriage
