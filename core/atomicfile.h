#pragma once

#include <QByteArray>
#include <QString>

namespace gputriage {

// Replaces `path` with `bytes` atomically (QSaveFile: the old file stays whole until the new
// one is complete). Returns an empty string, or why it failed in words ("No space left on
// device", "File too large") rather than Qt's "Unknown error".
QString writeFileAtomically(const QString &path, const QByteArray &bytes);

} // namespace gputriage
