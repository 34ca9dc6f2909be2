#pragma once

#include <QString>

namespace gputriage {

// A folder of the application's data (`rules`, `sample`): next to the binary in the build tree,
// `../share/gputriage/<name>` when installed, or in the XDG data dirs. Empty if not found.
QString dataDir(const QString &name);

} // namespace gputriage
