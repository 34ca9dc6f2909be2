// Archive reader: any bytes (tar, zip, gzip, xz, zstd, bzip2 or none) give documents and
// problems within the limits, never a crash, a hang or unbounded memory.
#include "source/bundlereader.h"
#include "text/logdocument.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gputriage::BundleLimits limits;
    limits.maxEntries = 1000;
    limits.maxEntryBytes = qint64(8) << 20;
    limits.maxTotalBytes = qint64(32) << 20;
    gputriage::BundleReader reader(limits);
    const auto docs
        = reader.readBytes(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
                           QStringLiteral("fuzz.bin"));
    qint64 total = 0;
    for (const auto &doc : docs) {
        total += doc->byteCount();
        if (doc->path().contains(QLatin1String("/../")) || doc->path().startsWith(u'/'))
            std::abort(); // entry names are sanitized
    }
    if (docs.size() > size_t(limits.maxEntries) * 2 + 16 || total > limits.maxTotalBytes * 2)
        std::abort();
    return 0;
}
