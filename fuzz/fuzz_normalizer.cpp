// Line formats and the normalizer: decoding, line index, prefix removal and the offset map.
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto doc = gputriage::LogDocument::fromBytes(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
        QStringLiteral("fuzz.log"));
    const std::string_view all = doc->bytes();
    std::string out;
    std::vector<uint32_t> map;
    for (int i = 0; i < doc->lineCount(); ++i) {
        const std::string_view line = doc->line(i);
        // Every line is a view into the document's bytes.
        if (line.data() < all.data() || line.data() + line.size() > all.data() + all.size())
            std::abort();
        bool partial = false, edges[2] = {false, false};
        int stream = -1;
        gputriage::Normalizer::normalize(line, out, &map, &partial, edges, &stream);
        if (map.size() != out.size() || stream < 0 || stream >= gputriage::Normalizer::StreamCount)
            std::abort();
        if (gputriage::Normalizer::source(line).size() > line.size() + 6)
            std::abort();
        for (uint32_t offset : map)
            if (offset >= line.size())
                std::abort();
        if (gputriage::Normalizer::timestampPrefixLength(line) > line.size())
            std::abort();
        (void)gputriage::Normalizer::timestamp(line);
        if (gputriage::Normalizer::withoutEscapes(line).size() > line.size())
            std::abort();
    }
    return 0;
}
