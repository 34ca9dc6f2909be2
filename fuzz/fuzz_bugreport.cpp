// nvidia-bug-report splitter: sections keep the report's line numbers and never reach past it.
#include "source/bugreport.h"
#include "text/logdocument.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto doc = gputriage::LogDocument::fromBytes(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
        QStringLiteral("nvidia-bug-report.log"));
    if (!gputriage::isBugReport(*doc))
        return 0;
    const int last = doc->lineNumber(doc->lineCount() - 1);
    for (const auto &section : gputriage::splitBugReport(doc)) {
        if (section->lineCount() == 0)
            continue;
        if (section->lineNumber(0) < 1 || section->lineNumber(section->lineCount() - 1) > last)
            std::abort();
    }
    return 0;
}
