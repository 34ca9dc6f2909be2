#include "text/normalizer.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <optional>

namespace gputriage {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

constexpr bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

// Bytes the whitespace step looks at: blanks, '#' that may start a syslog escape, and the
// backslash that may start a string escape.
constexpr auto kSpecial = [] {
    std::array<bool, 256> table{};
    for (int c = 0; c < 256; ++c)
        table[size_t(c)] = isBlank(char(c)) || c == '#' || c == '\\';
    return table;
}();

bool digitsAt(std::string_view s, size_t pos, size_t n)
{
    if (pos + n > s.size())
        return false;
    for (size_t i = 0; i < n; ++i)
        if (!isDigit(s[pos + i]))
            return false;
    return true;
}

// Length of a frame character at `pos` (UTF-8 of │ ┃ ║ or ASCII '|'), 0 if none.
size_t frameAt(std::string_view s, size_t pos)
{
    if (pos < s.size() && s[pos] == '|')
        return 1;
    if (pos + 3 > s.size())
        return 0;
    static constexpr const char *kFrames[] = {"\xE2\x94\x82", "\xE2\x94\x83", "\xE2\x95\x91"};
    for (const char *f : kFrames)
        if (std::memcmp(s.data() + pos, f, 3) == 0)
            return 3;
    return 0;
}

// Same, for a frame character that ends at `end`.
size_t frameEndingAt(std::string_view s, size_t end)
{
    if (end >= 1 && s[end - 1] == '|')
        return 1;
    if (end >= 3 && frameAt(s, end - 3) == 3)
        return 3;
    return 0;
}

// Length of an ANSI escape sequence starting at `pos` (s[pos] == ESC).
size_t escapeLength(std::string_view s, size_t pos)
{
    size_t i = pos + 1;
    if (i >= s.size())
        return 1;
    if (s[i] == '[') { // CSI: parameters, then one final byte 0x40..0x7E
        for (++i; i < s.size(); ++i)
            if (s[i] >= 0x40 && s[i] <= 0x7E)
                return i + 1 - pos;
        return s.size() - pos;
    }
    if (s[i] == ']') { // OSC: up to BEL or ESC backslash
        for (++i; i < s.size(); ++i) {
            if (s[i] == '\a')
                return i + 1 - pos;
            if (s[i] == '\x1b' && i + 1 < s.size() && s[i + 1] == '\\')
                return i + 2 - pos;
        }
        return s.size() - pos;
    }
    return 2;
}

bool isHex(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

void appendUtf8(std::string &out, uint32_t cp)
{
    if (cp < 0x80) {
        out.push_back(char(cp));
    } else if (cp < 0x800) {
        out.push_back(char(0xC0 | (cp >> 6)));
        out.push_back(char(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(char(0xE0 | (cp >> 12)));
        out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(char(0x80 | (cp & 0x3F)));
    }
}

// Decodes the "log" string of a docker json-file record ({"log":"...","stream":...}).
// `continues` is set when the text does not end with "\n": docker split a long line, or the
// program wrote it in pieces, and the next record carries on.
bool decodeDockerJson(std::string_view line,
                      std::string &out,
                      std::vector<uint32_t> &origin,
                      bool &continues)
{
    constexpr std::string_view head = "{\"log\":\"";
    if (line.substr(0, head.size()) != head)
        return false;
    continues = false;
    bool newline = false;
    for (size_t i = head.size(); i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"') {
            continues = !newline;
            return true;
        }
        newline = c == '\\' && i + 1 < line.size() && line[i + 1] == 'n';
        if (c != '\\') {
            out.push_back(c);
        } else if (++i < line.size()) {
            switch (line[i]) {
            case 'n':
            case 'r':
            case 't':
            case 'f':
            case 'b': out.push_back(' '); break;
            case 'u':
                if (i + 4 < line.size() && isHex(line[i + 1]) && isHex(line[i + 2])
                    && isHex(line[i + 3]) && isHex(line[i + 4])) {
                    const auto cp
                        = uint32_t(std::stoul(std::string(line.substr(i + 1, 4)), nullptr, 16));
                    // ESC and BEL stay: the escape step needs them to find where a sequence
                    // (an OSC window title ends with BEL) stops.
                    if (cp == 0x1b || cp == 0x07)
                        out.push_back(char(cp));
                    else
                        appendUtf8(out, cp < 0x20 ? 0x20 : cp);
                    i += 4;
                }
                break;
            default: out.push_back(line[i]); break; // \" \\ \/
            }
        }
        while (origin.size() < out.size())
            origin.push_back(uint32_t(i));
    }
    return true; // unterminated: keep what was decoded
}

bool isMonth(std::string_view s)
{
    static constexpr std::string_view months[]
        = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    for (auto m : months)
        if (s == m)
            return true;
    return false;
}

// The month of a syslog or journald time: "Nov", or the abbreviation journalctl prints in the
// reader's locale: "4月" (Chinese, Japanese), "4월" (Korean), "mar", "févr.", "мая" (a word of
// 3 to 12 bytes of letters, maybe ending in '.'). Its length, else 0.
size_t monthLength(std::string_view s)
{
    if (s.size() >= 3 && isMonth(s.substr(0, 3)))
        return 3;
    size_t i = 0;
    while (i < s.size() && i < 2 && isDigit(s[i]))
        ++i;
    if (i > 0) {
        const std::string_view unit = s.substr(i, 3);
        return unit == "\xe6\x9c\x88" || unit == "\xec\x9b\x94" ? i + 3 : 0;
    }
    // A capital only first: "ERROR 12 10:00:00" is no time.
    while (i < s.size() && i < 12
           && ((i == 0 ? std::isalpha(static_cast<unsigned char>(s[i]))
                       : std::islower(static_cast<unsigned char>(s[i])))
               || static_cast<unsigned char>(s[i]) >= 0x80))
        ++i;
    if (i < 3)
        return 0;
    if (i < s.size() && s[i] == '.')
        ++i;
    return i;
}

// "Nov 30 08:15:02[.123456] " (syslog, journald short/short-precise, in any locale's month):
// its length, else 0.
size_t bsdTimestampLength(std::string_view s)
{
    const size_t month = monthLength(s);
    if (month == 0 || month >= s.size() || s[month] != ' ')
        return 0;
    size_t i = month + 1;
    if (i < s.size() && s[i] == ' ')
        ++i;
    const size_t day = i;
    while (i < s.size() && isDigit(s[i]))
        ++i;
    if (i == day || i - day > 2 || i + 9 > s.size())
        return 0;
    if (!(s[i] == ' ' && digitsAt(s, i + 1, 2) && s[i + 3] == ':' && digitsAt(s, i + 4, 2)
          && s[i + 6] == ':' && digitsAt(s, i + 7, 2)))
        return 0;
    i += 9;
    if (i < s.size() && s[i] == '.')
        for (++i; i < s.size() && isDigit(s[i]);)
            ++i;
    return i < s.size() && s[i] == ' ' ? i + 1 : 0;
}

// A syslog ident that names a process for sure: "kernel:" or "name[pid]:".
bool isProcessIdent(std::string_view token)
{
    return token == "kernel:" || (token.size() > 4 && token.substr(token.size() - 2) == "]:");
}

// "host ident[pid]: " after a syslog timestamp. With `strict`, only "ident[pid]:" or "kernel:"
// count, since after an ISO timestamp the text may simply be the message.
size_t hostIdentLength(std::string_view s, bool strict)
{
    const size_t hostEnd = s.find(' ');
    if (hostEnd == std::string_view::npos || hostEnd == 0)
        return 0;
    // No host name ("Mar 27 17:40:36 kernel: NVRM: ..."): the ident comes first.
    if (isProcessIdent(s.substr(0, hostEnd)))
        return hostEnd + 1;
    const size_t identEnd = s.find(' ', hostEnd + 1);
    if (identEnd == std::string_view::npos || identEnd < hostEnd + 3 || s[identEnd - 1] != ':')
        return 0;
    const std::string_view ident = s.substr(hostEnd + 1, identEnd - hostEnd - 1);
    if (strict && !isProcessIdent(ident))
        return 0;
    return identEnd + 1;
}

// docker compose: "<service>-<n>  | " (v2), "<service>_<n>  | " (v1), the name padded.
size_t composePrefixLength(std::string_view s)
{
    size_t i = 0;
    while (i < s.size() && i < 64
           && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' || s[i] == '-'
               || s[i] == '.'))
        ++i;
    size_t digits = i;
    while (digits > 0 && isDigit(s[digits - 1]))
        --digits;
    if (i == s.size() || s[i] != ' ' || digits == i || digits < 2
        || (s[digits - 1] != '-' && s[digits - 1] != '_'))
        return 0;
    while (i < s.size() && s[i] == ' ')
        ++i;
    if (i == s.size() || s[i] != '|')
        return 0;
    if (++i == s.size())
        return i;
    return s[i] == ' ' ? i + 1 : 0;
}

// What a collector puts before each line of a container: kubectl logs --prefix
// ("[pod/<pod>/<container>] "), docker compose ("<service>-1  | ").
size_t collectorPrefixLength(std::string_view s)
{
    if (s.substr(0, 5) != "[pod/")
        return composePrefixLength(s);
    const size_t close = s.find("] ");
    if (close > 300) // npos included
        return 0;
    const std::string_view inner = s.substr(5, close - 5);
    return inner.find('/') != std::string_view::npos && inner.find(' ') == std::string_view::npos
               ? close + 2
               : 0;
}

// "[  123.456789] " or dmesg -T "[Sun Nov 30 08:15:02 2025] ".
size_t dmesgPrefixLength(std::string_view s)
{
    if (s.size() < 4 || s[0] != '[')
        return 0;
    const size_t close = s.find(']');
    if (close > 40 /* npos included */ || close + 1 >= s.size() || s[close + 1] != ' ')
        return 0;
    const std::string_view inner = s.substr(1, close - 1);
    size_t i = 0;
    while (i < inner.size() && inner[i] == ' ')
        ++i;
    const size_t dot = inner.find('.', i);
    bool seconds = dot != std::string_view::npos && dot > i;
    for (size_t k = i; seconds && k < inner.size(); ++k)
        seconds = k == dot || isDigit(inner[k]);
    const bool weekday = inner.size() >= 20 && inner[3] == ' ' && isMonth(inner.substr(4, 3));
    return seconds || weekday ? close + 2 : 0;
}

// A guest kernel's line relayed by a VM runtime's logfmt logger: kata's proxy and agent log the
// VM console as level=info msg="[   67.492525] pci 0000:00:06.0: BAR 1: no space for …\n"
// source=agent. The kernel's line is the message: returns where it begins after its dmesg time
// (0 when the line is not such a record) and sets `end` before the closing quote and its "\n".
size_t relayedKernelLineLength(std::string_view s, size_t &end)
{
    constexpr std::string_view level = "level=";
    if (s.size() < 24 || s.substr(0, level.size()) != level)
        return 0;
    const size_t msg = s.find(" msg=\"");
    if (msg > level.size() + 8) // not found (npos) or not the level's word
        return 0;
    const size_t text = msg + 6;
    const size_t time = dmesgPrefixLength(s.substr(text));
    if (time == 0)
        return 0;
    size_t close = s.size();
    while (close > text + time) { // the last quote that no backslash escapes
        close = s.rfind('"', close - 1);
        if (close == std::string_view::npos || close <= text + time)
            return 0;
        if (s[close - 1] != '\\')
            break;
    }
    end = close >= 2 && s.substr(close - 2, 2) == "\\n" ? close - 2 : close;
    return text + time;
}

// rsyslog writes control characters as '#' and three octal digits (#012 is a newline).
size_t syslogEscapeLength(std::string_view s, size_t i)
{
    return s[i] == '#' && i + 3 < s.size() && s[i + 1] == '0' && s[i + 2] >= '0' && s[i + 2] <= '3'
                   && s[i + 3] >= '0' && s[i + 3] <= '7'
               ? 4
               : 0;
}

// A line break or tab written as an escape inside a quoted message ("\\n", "\\t", "\\r\\n"):
// the message goes on after it, as after a blank.
size_t stringBreakLength(std::string_view s, size_t i, size_t end)
{
    size_t n = 0;
    while (i + n + 1 < end && s[i + n] == '\\'
           && (s[i + n + 1] == 'n' || s[i + n + 1] == 't' || s[i + n + 1] == 'r'))
        n += 2;
    return n;
}

} // namespace

size_t Normalizer::timestampPrefixLength(std::string_view s, bool *isCri)
{
    if (isCri)
        *isCri = false;
    // 2025-01-01T00:00:00[.123456789](Z|+01:00)
    if (!(digitsAt(s, 0, 4) && s.size() > 19 && s[4] == '-' && digitsAt(s, 5, 2) && s[7] == '-'
          && digitsAt(s, 8, 2) && (s[10] == 'T' || s[10] == ' ') && digitsAt(s, 11, 2)
          && s[13] == ':' && digitsAt(s, 14, 2) && s[16] == ':' && digitsAt(s, 17, 2)))
        return 0;
    size_t i = 19;
    if (i < s.size() && (s[i] == '.' || s[i] == ','))
        for (++i; i < s.size() && isDigit(s[i]);)
            ++i;
    if (i < s.size() && s[i] == 'Z') {
        ++i;
    } else if (i < s.size() && (s[i] == '+' || s[i] == '-') && digitsAt(s, i + 1, 2)) {
        i += 3;
        if (i < s.size() && s[i] == ':')
            ++i;
        if (digitsAt(s, i, 2))
            i += 2;
    } else if (s[10] == ' ') {
        return 0; // "2025-01-01 00:00:00" without a zone is often part of the message itself
    }
    if (i >= s.size() || s[i] != ' ')
        return 0;
    ++i;
    const std::string_view rest = s.substr(i);
    for (std::string_view stream : {std::string_view("stdout "), std::string_view("stderr ")}) {
        if (rest.size() >= stream.size() + 1 && rest.substr(0, stream.size()) == stream
            && (rest[stream.size()] == 'F' || rest[stream.size()] == 'P')
            && (rest.size() == stream.size() + 1 || rest[stream.size() + 1] == ' ')) {
            if (isCri)
                *isCri = true;
            return std::min(s.size(), i + stream.size() + 2);
        }
    }
    return i;
}

std::string Normalizer::source(std::string_view s)
{
    std::string out;
    if (!s.empty() && s[0] == '{') {
        std::string message;
        int stream = NotARecord;
        normalize(s, message, nullptr, nullptr, nullptr, &stream);
        return stream == Stderr ? "stderr" : stream == Stdout ? "stdout" : "";
    }
    size_t begin = collectorPrefixLength(s);
    out.append(s.substr(0, begin));
    bool cri = false;
    if (const size_t stamp = timestampPrefixLength(s.substr(begin), &cri); cri) {
        out.append(s.substr(begin, stamp).find(" stderr ") != std::string_view::npos ? "stderr"
                                                                                     : "stdout");
    } else if (stamp) {
        begin += stamp;
        out.append(s.substr(begin, hostIdentLength(s.substr(begin), true)));
    } else if (const size_t bsd = bsdTimestampLength(s.substr(begin))) {
        begin += bsd;
        out.append(s.substr(begin, hostIdentLength(s.substr(begin), false)));
    }
    return out;
}

namespace {

// Drops the ANSI escapes of `s` into `clean` and points `s` at it; `origin` follows.
void dropEscapes(std::string_view &s, std::string &clean, std::vector<uint32_t> &origin)
{
    std::vector<uint32_t> next;
    clean.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        if (s[i] == '\x1b') {
            i += escapeLength(s, i);
            continue;
        }
        clean.push_back(s[i]);
        next.push_back(origin.empty() ? uint32_t(i) : origin[i]);
        ++i;
    }
    origin = std::move(next);
    s = clean;
}

uint32_t originOf(const std::vector<uint32_t> &origin, size_t i)
{
    return origin.empty() ? uint32_t(i) : origin[i];
}

// Moves [begin, end) inside box frames on either side, nested ones too, and past the prefixes a
// framed line keeps inside its frame. A record that goes on in the next one has no closing frame.
void trimFrames(std::string_view s, size_t &begin, size_t &end, bool continuesInNext)
{
    const size_t beforeFrames = begin;
    for (int round = 0; round < 3; ++round) {
        while (begin < end && isBlank(s[begin]))
            ++begin;
        while (end > begin && isBlank(s[end - 1]))
            --end;
        bool trimmed = false;
        if (const size_t f = frameAt(s.substr(0, end), begin);
            f && (begin + f == end || isBlank(s[begin + f]))) {
            begin += f;
            trimmed = true;
        }
        // A record that goes on in the next one ends inside the message: no frame there.
        if (const size_t f = continuesInNext ? 0 : frameEndingAt(s, end);
            f && end - f >= begin && (end - f == begin || isBlank(s[end - f - 1]))) {
            end -= f;
            trimmed = true;
        }
        if (!trimmed)
            break;
    }
    while (begin < end && isBlank(s[begin]))
        ++begin;
    while (end > begin && isBlank(s[end - 1]))
        --end;
    // A terminal UI that frames a log line keeps the line's own prefixes inside the frame.
    if (begin > beforeFrames) {
        bool innerCri = false;
        if (const size_t stamp
            = Normalizer::timestampPrefixLength(s.substr(begin, end - begin), &innerCri)) {
            begin += stamp;
            if (!innerCri)
                begin += hostIdentLength(s.substr(begin, end - begin), true);
        }
        begin += dmesgPrefixLength(s.substr(begin, end - begin));
        while (begin < end && isBlank(s[begin]))
            ++begin;
    }
}

bool isAlnum(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

// Markdown emphasis a reader put around part of a pasted message: bold ("NVRM: **Xid
// (PCI:0000:01:00): 31,** pid=…"), the "**" pairs that open before a word and close after one,
// and italics ("_Check_ failed: … unhandled cuda _error_"), the "_" pairs that open after a blank
// (or the line's start) before a letter or digit and close after one where no letter, digit or
// "_" follows, as CommonMark reads them; both are dropped. Runs of three or more stars ("make:
// *** [modules]", banners), unpaired ones ("**kwargs") and underscores inside or at the edge of
// an identifier ("self._check_error(", "__init__", "NV_ERR_") stay, and a span with an "_"
// inside is none. A markdown link GitHub made of a word that looks like an address loses its
// brackets and address. `markers` gets each marker's position and length, in the order of the
// text.
void markdownEmphasis(std::string_view s,
                      size_t begin,
                      size_t end,
                      std::vector<std::pair<size_t, size_t>> &markers)
{
    markers.clear();
    size_t open = std::string_view::npos;
    for (size_t i = s.substr(0, end).find("**", begin); i != std::string_view::npos;
         i = s.substr(0, end).find("**", i)) {
        size_t run = i;
        while (run < end && s[run] == '*')
            ++run;
        if (run - i == 2) {
            const bool before = i > begin && !isBlank(s[i - 1]);
            const bool after = run < end && !isBlank(s[run]);
            if (open == std::string_view::npos) {
                if (after && !before)
                    open = i;
            } else if (before && (run == end || !isAlnum(s[run]))) {
                markers.emplace_back(open, 2);
                markers.emplace_back(i, 2);
                open = std::string_view::npos;
            }
        }
        i = run;
    }
    open = std::string_view::npos;
    for (size_t i = s.substr(0, end).find('_', begin); i != std::string_view::npos;
         i = s.substr(0, end).find('_', i + 1)) {
        if (open != std::string_view::npos && isAlnum(s[i - 1])
            && (i + 1 == end || (!isAlnum(s[i + 1]) && s[i + 1] != '_'))) {
            markers.emplace_back(open, 1);
            markers.emplace_back(i, 1);
            open = std::string_view::npos;
            continue;
        }
        // An underscore that does not close the span ends it: italics hold no "_".
        const bool blankBefore = i == begin || isBlank(s[i - 1]);
        open = blankBefore && i + 1 < end && isAlnum(s[i + 1]) ? i : std::string_view::npos;
    }
    // A link GitHub made of a word that looks like an address ("[nvidia.com/gpu=all](http://
    // nvidia.com/gpu=all)", a bare URL "[https://x](https://x)"): the word is kept, its brackets
    // and the address after it are dropped. A link whose text is not its address is a reader's.
    for (size_t j = s.substr(0, end).find("](", begin); j != std::string_view::npos;
         j = s.substr(0, end).find("](", j + 2)) {
        const size_t bracket = s.substr(begin, j - begin).find_last_of("[]");
        if (bracket == std::string_view::npos || s[begin + bracket] != '[')
            continue;
        const size_t close = s.substr(0, end).find(')', j + 2);
        if (close == std::string_view::npos)
            break;
        const std::string_view text = s.substr(begin + bracket + 1, j - begin - bracket - 1);
        std::string_view url = s.substr(j + 2, close - j - 2);
        if (text.empty() || url.find_first_of(" [") != std::string_view::npos)
            continue;
        if (url != text) {
            static constexpr std::array<std::string_view, 3> kSchemes{"https://", "http://",
                                                                      "mailto:"};
            for (const std::string_view scheme : kSchemes)
                if (url.substr(0, scheme.size()) == scheme) {
                    url.remove_prefix(scheme.size());
                    break;
                }
            if (url != text)
                continue;
        }
        markers.emplace_back(begin + bracket, 1);
        markers.emplace_back(j, close + 1 - j);
        j = close - 1;
    }
    if (markers.size() > 2 && !std::is_sorted(markers.begin(), markers.end())) // several kinds
        std::sort(markers.begin(), markers.end());
}

// A whole line a reader pasted as markdown inline code ("`kernel: nvidia-modeset: ERROR: …`"):
// the bounds inside its two backticks, or false. A line with other backticks (spans around parts
// of it, a ``` fence) is left as it is.
bool inlineCodeSpan(std::string_view s, size_t &begin, size_t &end)
{
    size_t first = begin, last = end;
    while (first < last && isBlank(s[first]))
        ++first;
    while (last > first && isBlank(s[last - 1]))
        --last;
    if (last - first < 3 || s[first] != '`' || s[last - 1] != '`')
        return false;
    if (s.substr(first + 1, last - first - 2).find('`') != std::string_view::npos)
        return false;
    begin = first + 1;
    end = last - 1;
    return true;
}

// Copies [begin, end) of `s` into `out` with whitespace runs and syslog escapes as one blank,
// and markdown bold and italic markers and autolinks' brackets and addresses dropped.
void collapseBlanks(std::string_view s,
                    size_t begin,
                    size_t end,
                    const std::vector<uint32_t> &origin,
                    std::string &out,
                    std::vector<uint32_t> *map)
{
    out.reserve(end - begin);
    if (map)
        map->reserve(end - begin);
    thread_local std::vector<std::pair<size_t, size_t>> emphasis; // position, length
    markdownEmphasis(s, begin, end, emphasis);
    size_t nextMark = 0;
    bool inBlank = false;
    // "\n" is a line break only where the text is a quoted string (JSON, logfmt's key="…", an
    // escaped quote), not in a Windows path ("C:\nvidia").
    std::optional<bool> quotedText;
    auto quoted = [&] {
        if (!quotedText) {
            const std::string_view text = s.substr(begin, end - begin);
            quotedText = text.front() == '{' || text.find("=\"") != std::string_view::npos
                         || text.find("\\\"") != std::string_view::npos;
        }
        return *quotedText;
    };
    for (size_t i = begin; i < end;) {
        while (nextMark < emphasis.size() && emphasis[nextMark].first < i) // inside an escape
            ++nextMark;
        if (nextMark < emphasis.size() && i == emphasis[nextMark].first) {
            i += emphasis[nextMark].second;
            ++nextMark;
            continue;
        }
        // Most bytes are copied as they are: take them a run at a time.
        const size_t limit = nextMark < emphasis.size() ? emphasis[nextMark].first : end;
        size_t run = i;
        while (run < limit && !kSpecial[static_cast<unsigned char>(s[run])])
            ++run;
        if (run > i) {
            out.append(s.data() + i, run - i);
            if (map)
                for (size_t k = i; k < run; ++k)
                    map->push_back(originOf(origin, k));
            inBlank = false;
            i = run;
            continue;
        }
        // Structured loggers quote the message with its escapes (logrus' msg="… \"nvidia\" …",
        // zap's JSON, klog's err="…", a Python repr's '…\n'): the text is read as printed.
        if (s[i] == '\\' && i + 1 < end) {
            const char next = s[i + 1];
            if (next == '"' || next == '\\') {
                out.push_back(next);
                if (map)
                    map->push_back(originOf(origin, i + 1));
                inBlank = false;
                i += 2;
                continue;
            }
        }
        const size_t lineBreak = stringBreakLength(s, i, end);
        const size_t escape = syslogEscapeLength(s, i) + (lineBreak && quoted() ? lineBreak : 0);
        if (isBlank(s[i]) || escape) {
            if (!inBlank) {
                out.push_back(' ');
                if (map)
                    map->push_back(originOf(origin, i));
            }
            inBlank = true;
            i += escape ? escape : 1;
            continue;
        }
        inBlank = false; // a '#' that starts no escape
        out.push_back(s[i]);
        if (map)
            map->push_back(originOf(origin, i));
        ++i;
    }
    while (!out.empty() && out.back() == ' ') {
        out.pop_back();
        if (map)
            map->pop_back();
    }
}

// The resource manager of the first open-module releases (515 to early 535) printed its prefix
// without a colon: "NVRM kgspInitRm_IMPL: missing NVDEC0 engine", "NVRM nvAssertFailedNoLog:
// Assertion failed: ...", where later releases print "NVRM: <function>: ...". The message reads
// as later releases print it, so that one pattern and the catalog's lookup by function name serve
// every release. Only a C function's name counts (an underscore or a capital letter in it, then a
// colon): "NVRM version: ..." of /proc/driver/nvidia/version stays as it is.
void rmPrefixColon(std::string &out, std::vector<uint32_t> *map)
{
    for (size_t at = out.find("NVRM "); at != std::string::npos; at = out.find("NVRM ", at + 5)) {
        if (at > 0 && (isAlnum(out[at - 1]) || out[at - 1] == '_'))
            continue;
        size_t end = at + 5;
        bool function = false;
        while (end < out.size() && (isAlnum(out[end]) || out[end] == '_')) {
            function = function || out[end] == '_' || (out[end] >= 'A' && out[end] <= 'Z');
            ++end;
        }
        if (!function || end == at + 5 || end >= out.size() || out[end] != ':'
            || isDigit(out[at + 5]))
            continue;
        out.insert(at + 4, 1, ':');
        if (map)
            map->insert(map->begin() + std::ptrdiff_t(at + 4), (*map)[at + 4]);
    }
}

} // namespace

void Normalizer::normalize(std::string_view line,
                           std::string &out,
                           std::vector<uint32_t> *map,
                           bool *partial,
                           bool *blankEdges,
                           int *stream)
{
    out.clear();
    if (stream)
        *stream = NotARecord;
    if (map)
        map->clear();
    if (partial)
        *partial = false;
    line = line.substr(0, kMaxLineBytes);

    // 1. Decode docker json-file records and drop ANSI escapes; `origin` maps back to `line`
    //    whenever the text was rewritten (empty means identity).
    std::string decoded, clean;
    std::vector<uint32_t> decodedOrigin, origin;
    std::string_view s = line;
    bool continues = false;
    if (!line.empty() && line[0] == '{'
        && decodeDockerJson(line, decoded, decodedOrigin, continues)) {
        s = decoded;
        origin = decodedOrigin;
        if (partial)
            *partial = continues;
        if (stream) {
            // The fields after the message's closing quote.
            const std::string_view tail = line.substr(origin.empty() ? 0 : size_t(origin.back()));
            *stream = tail.find("\"stream\":\"stderr\"") != std::string_view::npos ? Stderr
                      : tail.find("\"stream\":\"stdout\"") != std::string_view::npos
                          ? Stdout
                          : UnnamedStream;
        }
    }
    if (std::memchr(s.data(), '\x1b', s.size()))
        dropEscapes(s, clean, origin);

    // 2. Markdown inline code around the whole line; prefixes: CRI / RFC 3339 timestamp, syslog
    //    or journald "host ident[pid]:", dmesg time.
    size_t codeBegin = 0, codeEnd = s.size();
    if (!s.empty() && (s[0] == '`' || isBlank(s[0])) && inlineCodeSpan(s, codeBegin, codeEnd))
        s = s.substr(0, codeEnd);
    else
        codeBegin = 0;
    bool cri = false;
    size_t begin = codeBegin + collectorPrefixLength(s.substr(codeBegin));
    const size_t stamp = timestampPrefixLength(s.substr(begin), &cri);
    if (cri && partial && stamp >= 2 && s[begin + stamp - 2] == 'P')
        *partial = true;
    if (cri && stream)
        *stream
            = s.substr(begin, stamp).find(" stderr ") != std::string_view::npos ? Stderr : Stdout;
    if (stamp > 0) {
        begin += stamp;
        if (!cri)
            begin += hostIdentLength(s.substr(begin), true);
    } else if (const size_t bsd = bsdTimestampLength(s.substr(begin))) {
        begin += bsd;
        begin += hostIdentLength(s.substr(begin), false);
    }
    begin += dmesgPrefixLength(s.substr(begin));
    size_t end = s.size();
    if (s.size() > begin && s[begin] == 'l') {
        size_t relayedEnd = end;
        if (const size_t relayed = relayedKernelLineLength(s.substr(begin), relayedEnd)) {
            end = begin + relayedEnd;
            begin += relayed;
        }
    }

    if (blankEdges) {
        blankEdges[0] = begin < end && isBlank(s[begin]);
        blankEdges[1] = end > begin && isBlank(s[end - 1]);
    }

    // 3. Box frames on either side (nested frames too).
    trimFrames(s, begin, end, partial && *partial);

    // 4. Collapse whitespace runs and syslog escapes.
    collapseBlanks(s, begin, end, origin, out, map);

    // 5. The resource manager's prefix as every release reads it ("NVRM: <function>:").
    if (out.find("NVRM ") != std::string::npos)
        rmPrefixColon(out, map);
}

std::string Normalizer::timestamp(std::string_view line)
{
    auto trimmed = [](std::string_view t) {
        while (!t.empty() && (t.back() == ' ' || t.back() == '['))
            t.remove_suffix(1);
        while (!t.empty() && (t.front() == ' ' || t.front() == '['))
            t.remove_prefix(1);
        return std::string(t);
    };
    if (line.substr(0, 8) == "{\"log\":\"") {
        const size_t at = line.find("\"time\":\"");
        const size_t end = at == std::string_view::npos ? at : line.find('"', at + 8);
        return end == std::string_view::npos ? std::string()
                                             : std::string(line.substr(at + 8, end - at - 8));
    }
    const size_t begin = collectorPrefixLength(line);
    std::string_view s = line.substr(begin);
    if (const size_t stamp = timestampPrefixLength(s)) {
        const size_t space = s.find(' ', 11);
        return std::string(s.substr(0, std::min(space, stamp)));
    }
    if (const size_t bsd = bsdTimestampLength(s))
        return trimmed(s.substr(0, bsd));
    if (const size_t dmesg = dmesgPrefixLength(s))
        return trimmed(s.substr(0, dmesg - 2));
    return {};
}

std::string Normalizer::withoutEscapes(std::string_view line)
{
    std::string out;
    out.reserve(line.size());
    for (size_t i = 0; i < line.size();) {
        if (line[i] == '\x1b') {
            i += escapeLength(line, i);
            continue;
        }
        out.push_back(line[i++]);
    }
    return out;
}

} // namespace gputriage
