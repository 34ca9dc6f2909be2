#pragma once

#include <QByteArray>
#include <QList>

#include <archive_entry.h>

namespace gputriage::test {

struct Member
{
    QByteArray name;
    QByteArray data;
    int type = AE_IFREG;
    qint64 claimedSize = -1; // a header that claims another size than the data written
};

// Writes an archive in memory with libarchive: `format` is "tar", "zip" or "raw" (a single
// compressed stream), `filter` "none", "gzip", "xz", "zstd" or "bzip2".
QByteArray
makeArchive(const QByteArray &format, const QByteArray &filter, const QList<Member> &members);

} // namespace gputriage::test
