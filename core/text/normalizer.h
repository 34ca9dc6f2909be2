#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gputriage {

// Turns a raw log line (UTF-8 bytes) into the message that rules match: a docker json-file
// record is decoded; ANSI escapes, CRI / RFC 3339 / syslog / journald / dmesg prefixes and box
// frames (`│ … │`, `| … |`) and markdown bold markers around part of a pasted line are removed;
// syslog `#012`-style escapes and whitespace runs become one space and the ends are trimmed. `map`,
// when given, receives for every byte of the result the offset of the byte it came from in `line`,
// so matches can be highlighted in the original text.
class Normalizer
{
public:
    // `partial` is set for a CRI partial line (`P`) and a docker json-file record without a final
    // "\n": the message continues on the next line. `blankEdges`, when given, receives whether
    // the message began and ended with blanks (two bools): the parts of a split record keep
    // the space between them when they are joined.
    // Only the first kMaxLineBytes of a line are normalized (and so matched): a longer line is
    // a dump, not a message, and must not cost memory and time in proportion to its length.
    static constexpr size_t kMaxLineBytes = size_t(1) << 20;
    // The stream a container runtime's record was written to; NotARecord for a plain line.
    // Partial records are joined per stream: a record of another stream may come between.
    // A run stays open across at most kRunGap records of other streams; a plain line ends it.
    enum Stream : int { NotARecord = 0, Stdout, Stderr, UnnamedStream, StreamCount };
    static constexpr int kRunGap = 256;
    static void normalize(std::string_view line,
                          std::string &out,
                          std::vector<uint32_t> *map = nullptr,
                          bool *partial = nullptr,
                          bool *blankEdges = nullptr,
                          int *stream = nullptr);
    // Who wrote the line, as its prefix says: the syslog or journald "host ident[pid]", the
    // kubectl pod and container, the container runtime's stream; empty when it does not say.
    static std::string source(std::string_view line);
    // The line without ANSI escape sequences (for showing evidence).
    static std::string withoutEscapes(std::string_view line);

    // The line's own timestamp as written ("2025-11-30T08:15:02.118374652Z", "Nov 30 08:15:02",
    // "4.131977" for dmesg), or empty when it has none.
    static std::string timestamp(std::string_view line);

    // Length of a CRI (`<RFC3339> stdout F `) or plain RFC 3339 timestamp prefix, else 0.
    static size_t timestampPrefixLength(std::string_view line, bool *isCri = nullptr);
};

} // namespace gputriage
