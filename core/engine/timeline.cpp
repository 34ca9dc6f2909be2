#include "timeline.h"

#include "text/logdocument.h"

#include <QDate>

#include <algorithm>

namespace gputriage {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// The number in s[pos, pos + n) when all are digits.
std::optional<int> number(std::string_view s, size_t pos, size_t n)
{
    if (pos + n > s.size())
        return std::nullopt;
    int v = 0;
    for (size_t i = pos; i < pos + n; ++i) {
        if (!isDigit(s[i]))
            return std::nullopt;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
int64_t daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const int64_t yoe = y - era * 400;
    const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

std::optional<int64_t> compose(int y, int mo, int d, int h, int mi, int s, int64_t micros)
{
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60)
        return std::nullopt;
    return ((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60 * 1000000LL + s * 1000000LL + micros;
}

// ".123456789" → microseconds; advances `pos` past the digits.
int64_t fraction(std::string_view s, size_t &pos)
{
    if (pos >= s.size() || (s[pos] != '.' && s[pos] != ','))
        return 0;
    int64_t micros = 0;
    int digits = 0;
    for (++pos; pos < s.size() && isDigit(s[pos]); ++pos)
        if (digits < 6) {
            micros = micros * 10 + (s[pos] - '0');
            ++digits;
        }
    for (; digits < 6; ++digits)
        micros *= 10;
    return micros;
}

int month(std::string_view s, size_t pos)
{
    static constexpr std::string_view names[]
        = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    if (pos + 3 > s.size())
        return 0;
    for (int i = 0; i < 12; ++i)
        if (s.substr(pos, 3) == names[i])
            return i + 1;
    return 0;
}

// "hh:mm:ss" at pos.
bool clock(std::string_view s, size_t pos, int &h, int &mi, int &sec)
{
    const auto hh = number(s, pos, 2), mm = number(s, pos + 3, 2), ss = number(s, pos + 6, 2);
    if (!hh || !mm || !ss || s[pos + 2] != ':' || s[pos + 5] != ':')
        return false;
    h = *hh;
    mi = *mm;
    sec = *ss;
    return true;
}

// 2025-08-12T10:15:32[.frac][Z|±hh[:]mm] (or a space for the T) at the start of s.
std::optional<int64_t> iso(std::string_view s, const TimeContext &context)
{
    const auto y = number(s, 0, 4), mo = number(s, 5, 2), d = number(s, 8, 2);
    int h, mi, sec;
    if (!y || !mo || !d || s.size() < 19 || s[4] != '-' || s[7] != '-'
        || (s[10] != 'T' && s[10] != ' ') || !clock(s, 11, h, mi, sec))
        return std::nullopt;
    size_t pos = 19;
    const int64_t micros = fraction(s, pos);
    int offset = context.offsetMinutes;
    if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
        offset = 0;
    } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
        const auto oh = number(s, pos + 1, 2);
        size_t mpos = pos + 3;
        if (mpos < s.size() && s[mpos] == ':')
            ++mpos;
        const auto om = number(s, mpos, 2);
        if (oh)
            offset = (s[pos] == '-' ? -1 : 1) * (*oh * 60 + om.value_or(0));
    }
    const auto t = compose(*y, *mo, *d, h, mi, sec, micros);
    if (!t)
        return std::nullopt;
    return *t - int64_t(offset) * 60 * 1000000LL;
}

int contextYear(const TimeContext &context)
{
    return context.year ? context.year : QDate::currentDate().year();
}

} // namespace

std::optional<int64_t> lineTime(std::string_view s, const TimeContext &context)
{
    if (s.empty())
        return std::nullopt;
    if (isDigit(s[0]))
        return iso(s, context);
    // Docker json-file and logrus: the time is a field.
    for (std::string_view key : {std::string_view("\"time\":\""), std::string_view("time=\"")}) {
        const size_t at = s.substr(0, 200).find(key);
        if (at != std::string_view::npos)
            return iso(s.substr(at + key.size()), context);
    }
    int h, mi, sec;
    // dmesg -T: [Tue Aug 12 10:15:32 2025]
    if (s[0] == '[' && s.size() >= 26 && s[4] == ' ' && s[8] == ' ') {
        const int mo = month(s, 5);
        const auto d = number(s, s[9] == ' ' ? 10 : 9, s[9] == ' ' ? 1 : 2);
        const auto y = number(s, 21, 4);
        if (mo && d && y && clock(s, 12, h, mi, sec))
            if (const auto t = compose(*y, mo, *d, h, mi, sec, 0))
                return *t - int64_t(context.offsetMinutes) * 60 * 1000000LL;
        return std::nullopt;
    }
    // BSD syslog / journald short: "Aug 12 10:15:32" (day padded with a space or a zero).
    if (const int mo = month(s, 0); mo && s.size() >= 15 && s[3] == ' ') {
        const auto d = s[4] == ' ' ? number(s, 5, 1) : number(s, 4, 2);
        if (d && clock(s, 7, h, mi, sec)) {
            size_t pos = 15;
            const int64_t micros = fraction(s, pos);
            if (const auto t = compose(contextYear(context), mo, *d, h, mi, sec, micros))
                return *t - int64_t(context.offsetMinutes) * 60 * 1000000LL;
        }
        return std::nullopt;
    }
    // klog (Kubernetes components): I0812 10:15:32.123456
    if ((s[0] == 'I' || s[0] == 'W' || s[0] == 'E' || s[0] == 'F') && s.size() >= 14
        && s[5] == ' ') {
        const auto mo = number(s, 1, 2), d = number(s, 3, 2);
        if (mo && d && clock(s, 6, h, mi, sec)) {
            size_t pos = 14;
            const int64_t micros = fraction(s, pos);
            if (const auto t = compose(contextYear(context), *mo, *d, h, mi, sec, micros))
                return *t - int64_t(context.offsetMinutes) * 60 * 1000000LL;
        }
    }
    return std::nullopt;
}

QString formatTime(int64_t us)
{
    const int64_t secs = us >= 0 ? us / 1000000 : (us - 999999) / 1000000;
    const int64_t millis = (us - secs * 1000000) / 1000;
    // civil_from_days (H. Hinnant)
    int64_t z = (secs >= 0 ? secs : secs - 86399) / 86400;
    const int64_t daySecs = secs - z * 86400;
    z += 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const int64_t doe = z - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int64_t d = doy - (153 * mp + 2) / 5 + 1;
    const int64_t m = mp < 10 ? mp + 3 : mp - 9;
    const int64_t y = yoe + era * 400 + (m <= 2);
    return QString::asprintf("%04lld-%02lld-%02lld %02lld:%02lld:%02lld.%03lldZ",
                             static_cast<long long>(y), static_cast<long long>(m),
                             static_cast<long long>(d), static_cast<long long>(daySecs / 3600),
                             static_cast<long long>(daySecs / 60 % 60),
                             static_cast<long long>(daySecs % 60), static_cast<long long>(millis));
}

int fullDateYear(std::string_view line)
{
    if (line.empty() || !isDigit(line[0]))
        return 0;
    const auto t = iso(line, {});
    return t ? formatTime(*t).left(4).toInt() : 0;
}

Timeline buildTimeline(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                       size_t maxEntries,
                       const std::atomic<bool> *cancel)
{
    Timeline out;
    out.undated.assign(docs.size(), 0);
    // Yearless formats take the year of the first full date in the bundle.
    TimeContext context;
    for (const auto &doc : docs) {
        for (int i = 0; i < std::min(doc->lineCount(), 1000) && !context.year; ++i)
            context.year = fullDateYear(doc->line(i));
        if (context.year)
            break;
    }
    for (size_t d = 0; d < docs.size(); ++d) {
        const LogDocument &doc = *docs[d];
        std::optional<int64_t> last;
        for (int line = 0; line < doc.lineCount(); ++line) {
            if ((line & 0xffff) == 0 && cancel && cancel->load()) {
                out.cancelled = true;
                return out;
            }
            if (const auto t = lineTime(doc.line(line), context))
                last = t;
            if (last)
                out.entries.push_back({*last, int(d), line});
            else
                ++out.undated[d];
        }
    }
    std::stable_sort(
        out.entries.begin(), out.entries.end(),
        [](const TimelineEntry &a, const TimelineEntry &b) { return a.time < b.time; });
    if (out.entries.size() > maxEntries) {
        out.entries.resize(maxEntries);
        out.entries.shrink_to_fit();
        out.truncated = true;
    }
    return out;
}

} // namespace gputriage
