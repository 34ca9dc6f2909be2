#include "testarchive.h"

#include <archive.h>

namespace gputriage::test {

QByteArray
makeArchive(const QByteArray &format, const QByteArray &filter, const QList<Member> &members)
{
    archive *a = archive_write_new();
    if (format == "zip")
        archive_write_set_format_zip(a);
    else if (format == "raw")
        archive_write_set_format_raw(a);
    else
        archive_write_set_format_pax_restricted(a);
    if (filter != "none")
        archive_write_add_filter_by_name(a, filter.constData());
    archive_write_set_bytes_in_last_block(a, 1);
    QByteArray out(64 << 20, '\0');
    size_t used = 0;
    archive_write_open_memory(a, out.data(), size_t(out.size()), &used);
    for (const Member &m : members) {
        archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, m.name.constData());
        archive_entry_set_filetype(e, unsigned(m.type));
        archive_entry_set_perm(e, 0644);
        if (m.type == AE_IFLNK)
            archive_entry_set_symlink(e, "/etc/passwd");
        archive_entry_set_size(
            e, m.type == AE_IFREG ? (m.claimedSize >= 0 ? m.claimedSize : m.data.size()) : 0);
        archive_write_header(a, e);
        if (!m.data.isEmpty())
            archive_write_data(a, m.data.constData(), size_t(m.data.size()));
        archive_entry_free(e);
    }
    archive_write_close(a);
    archive_write_free(a);
    out.truncate(qsizetype(used));
    return out;
}

} // namespace gputriage::test
