#pragma once

#include <QString>
#include <QStringList>

namespace gputriage {

// A folder of the application's data (`rules`, `sample`): next to the binary in the build tree,
// `../share/gputriage/<name>` when installed, or in the XDG data dirs. Empty if not found.
QString dataDir(const QString &name);

// The input that writing `output` would replace or land inside: the same file (compared by
// device and inode, so through symlinks and hard links), or a folder that holds it. Empty when
// the output touches no input; "-" (standard input or output) is never a clash.
QString inputOverwrittenBy(const QString &output, const QStringList &inputs);

} // namespace gputriage
