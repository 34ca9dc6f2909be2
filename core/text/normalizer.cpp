#include "text/normalizer.h"

#include <cstring>

namespace gputriage {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

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

} // namespace

size_t Normalizer::timestampPrefixLength(std::string_view s, bool *isCri)
{
    if (isCri)
        *isCri = false;
    // 2025-01-01T00:00:00[.123456789](Z|+01:00)
    if (!(digitsAt(s, 0, 4) && s.size() > 19 && s[4] == '-' && digitsAt(s, 5, 2) && s[7] == '-'
          && digitsAt(s, 8, 2) && (s[10] == 'T' || s[10] == ' ') && digitsAt(s, 11, 2) && s[13] == ':'
          && digitsAt(s, 14, 2) && s[16] == ':' && digitsAt(s, 17, 2)))
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

void Normalizer::normalize(std::string_view line, std::string &out, std::vector<uint32_t> *map)
{
    out.clear();
    if (map)
        map->clear();

    // 1. Without ANSI escapes; `origin` maps back only when something was removed.
    std::string clean;
    std::vector<uint32_t> origin;
    std::string_view s = line;
    if (std::memchr(line.data(), '\x1b', line.size())) {
        clean.reserve(line.size());
        origin.reserve(line.size());
        for (size_t i = 0; i < line.size();) {
            if (line[i] == '\x1b') {
                i += escapeLength(line, i);
                continue;
            }
            clean.push_back(line[i]);
            origin.push_back(uint32_t(i));
            ++i;
        }
        s = clean;
    }
    auto originOf = [&](size_t i) { return origin.empty() ? uint32_t(i) : origin[i]; };

    // 2. Timestamp prefix, then box frames on either side (nested frames too).
    size_t begin = timestampPrefixLength(s);
    size_t end = s.size();
    for (int round = 0; round < 3; ++round) {
        while (begin < end && isBlank(s[begin]))
            ++begin;
        while (end > begin && isBlank(s[end - 1]))
            --end;
        bool trimmed = false;
        if (const size_t f = frameAt(s, begin); f && (begin + f == end || isBlank(s[begin + f]))) {
            begin += f;
            trimmed = true;
        }
        if (const size_t f = frameEndingAt(s, end); f && end - f >= begin && (end - f == begin || isBlank(s[end - f - 1]))) {
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

    // 3. Collapse whitespace runs.
    out.reserve(end - begin);
    if (map)
        map->reserve(end - begin);
    bool inBlank = false;
    for (size_t i = begin; i < end; ++i) {
        const char c = s[i];
        if (isBlank(c)) {
            if (inBlank)
                continue;
            inBlank = true;
            out.push_back(' ');
        } else {
            inBlank = false;
            out.push_back(c);
        }
        if (map)
            map->push_back(originOf(i));
    }
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

std::string Normalizer::normalized(std::string_view line)
{
    std::string out;
    normalize(line, out);
    return out;
}

} // namespace gputriage
