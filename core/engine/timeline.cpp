#include "timeline.h"

#include "text/logdocument.h"

#include <QDate>

#include <algorithm>
#include <functional>

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

std::optional<int64_t> uptimeOf(std::string_view s, size_t *messageStart)
{
    size_t pos = 0;
    if (s.size() > 3 && s[0] == '<' && isDigit(s[1]) && s[2] == '>') // dmesg -r
        pos = 3;
    else if (s.size() > 14 && s[0] >= 'a' && s[0] <= 'z' && s[13] == ':') // dmesg -x
        pos = 14;
    while (pos < s.size() && s[pos] == ' ')
        ++pos;
    if (pos >= s.size() || s[pos] != '[')
        return std::nullopt;
    ++pos;
    while (pos < s.size() && s[pos] == ' ')
        ++pos;
    int64_t secs = 0;
    const size_t digitsAt = pos;
    for (; pos < s.size() && isDigit(s[pos]) && pos - digitsAt < 12; ++pos)
        secs = secs * 10 + (s[pos] - '0');
    if (pos == digitsAt || pos >= s.size() || s[pos] != '.')
        return std::nullopt;
    const int64_t micros = fraction(s, pos);
    if (pos >= s.size() || s[pos] != ']')
        return std::nullopt;
    if (messageStart) {
        ++pos;
        while (pos < s.size() && s[pos] == ' ')
            ++pos;
        *messageStart = pos;
    }
    return secs * 1000000 + micros;
}

const BootClock *BundleClock::bootOf(const std::vector<BootClock> &boots, int lineNumber)
{
    const auto after
        = std::upper_bound(boots.begin(), boots.end(), lineNumber,
                           [](int line, const BootClock &boot) { return line < boot.firstLine; });
    return after == boots.begin() ? nullptr : &*(after - 1);
}

std::optional<int64_t>
BundleClock::timeOf(const QString &path, int lineNumber, std::string_view line) const
{
    if (const auto t = lineTime(line, context))
        return t;
    const auto it = boots.find(path);
    if (it == boots.end())
        return std::nullopt;
    const auto up = uptimeOf(line);
    if (!up)
        return std::nullopt;
    const BootClock *boot = bootOf(it->second, lineNumber);
    if (!boot || !boot->start)
        return std::nullopt;
    return *boot->start + *up;
}

namespace {

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// The kernel message of a line written with a date: after "kernel: " (syslog, journald, kern.log,
// a bug report's kernel log scan; an uptime stamp after it is dropped) or after a
// `dmesg -T` stamp. Empty for other lines.
std::string_view datedKernelMessage(std::string_view s)
{
    std::string_view message;
    size_t from = 0;                                                   // where "kernel: " may start
    if (s.size() > 27 && s[0] == '[' && s[4] == ' ' && s[25] == ']') { // dmesg -T
        message = s.substr(26);
    } else if (s.size() > 20 && s[0] >= 'A' && s[0] <= 'S' && s[3] == ' ') { // syslog
        from = 15;
    } else if (s.size() > 20 && isDigit(s[0])) { // journald short-iso, not CRI
        const size_t blank = s.substr(0, 40).find(' ');
        if (blank == std::string_view::npos || s.substr(blank + 1, 7) == "stdout "
            || s.substr(blank + 1, 7) == "stderr ")
            return {};
        from = blank;
    } else {
        return {};
    }
    if (message.empty()) {
        const size_t at = s.substr(from, 80).find("kernel: ");
        if (at == std::string_view::npos)
            return {};
        message = s.substr(from + at + 8);
        size_t start = 0;
        if (uptimeOf(message, &start))
            message.remove_prefix(start);
    }
    while (!message.empty() && message.front() == ' ')
        message.remove_prefix(1);
    return trimmed(message);
}

// The same month, day and time of day in another year.
int64_t inYear(int64_t us, int year)
{
    const QString text = formatTime(us); // "2000-11-30 08:15:01.902Z"
    const int64_t micros = ((us % 1000000) + 1000000) % 1000000;
    const auto t
        = compose(year, text.mid(5, 2).toInt(), text.mid(8, 2).toInt(), text.mid(11, 2).toInt(),
                  text.mid(14, 2).toInt(), text.mid(17, 2).toInt(), micros);
    return t.value_or(us);
}

constexpr size_t kMinPairedMessage = 16; // shorter messages recur too easily

uint64_t messageKey(std::string_view message)
{
    return std::hash<std::string_view>{}(message);
}

} // namespace

void ClockReader::addYear(std::string_view line, const QString &path)
{
    int year = fullDateYear(line);
    if (!year && line.size() > 27 && line[0] == '[' && line[25] == ']') // dmesg -T
        if (const auto y = number(line, 21, 4))
            year = *y;
    if (const std::string_view date = trimmed(line);
        !year && date.substr(0, 6) == "Date: " && date.size() >= 10) // bug report, `date`
        if (const auto y = number(date, date.size() - 4, 4))
            year = *y;
    if (year >= 1990 && year <= 2200) {
        m_year = year;
        m_yearSource = path;
    }
}

void ClockReader::addBootRow(std::string_view s, const QString &path)
{
    // /proc/stat: "btime 1764489519" (the current boot)
    if (s.substr(0, 6) == "btime ") {
        int64_t secs = 0;
        size_t pos = 6;
        for (; pos < s.size() && isDigit(s[pos]); ++pos)
            secs = secs * 10 + (s[pos] - '0');
        if (pos > 14 && pos < 18 && trimmed(s).size() == pos)
            m_bootRows.try_emplace(0, secs * 1000000, QStringLiteral("btime in %1").arg(path));
        return;
    }
    // journalctl --list-boots: "  0 8a7b…(32 hex) Sun 2025-11-30 07:58:39 UTC Sun 2025-…"
    size_t pos = 0;
    while (pos < s.size() && s[pos] == ' ')
        ++pos;
    int sign = 1;
    if (pos < s.size() && s[pos] == '-') {
        sign = -1;
        ++pos;
    }
    int index = 0;
    const size_t digitsAt = pos;
    for (; pos < s.size() && isDigit(s[pos]) && pos - digitsAt < 4; ++pos)
        index = index * 10 + (s[pos] - '0');
    if (pos == digitsAt || pos + 1 + 32 + 1 + 4 + 19 + 4 > s.size() || s[pos] != ' ')
        return;
    ++pos;
    for (size_t i = 0; i < 32; ++i)
        if (!isDigit(s[pos + i]) && !(s[pos + i] >= 'a' && s[pos + i] <= 'f'))
            return;
    pos += 33 + 4; // the id, a blank, "Sun "
    const std::string_view date = s.substr(pos, 19);
    const std::string_view zone = s.substr(pos + 20, 3);
    if (zone != "UTC" && zone != "GMT")
        return; // a local zone's offset is not known
    if (const auto t = iso(date, {}))
        m_bootRows.try_emplace(sign * index, *t,
                               QStringLiteral("journalctl --list-boots in %1").arg(path));
}

void ClockReader::add(const LogDocument &doc, int lines)
{
    const int count = lines < 0 ? doc.lineCount() : std::min(lines, doc.lineCount());
    const QString path = doc.path();
    int log = -1; // index in m_paths once the document has an uptime stamp
    if (!m_paths.empty() && m_paths.back() == path)
        log = int(m_paths.size()) - 1; // the next chunk of the same input
    PagesBehind pages(doc);
    for (int i = 0; i < count; ++i) {
        pages.passed(i);
        const std::string_view line = doc.line(i);
        if (line.empty())
            continue;
        if (!m_year && i < 1000)
            addYear(line, path);
        // (A line that begins with a date, as every CRI and journald line does, is no boot row:
        // its four digits are not followed by a blank.)
        const bool dated = line.size() > 4 && line[4] == '-' && isDigit(line[0]) && isDigit(line[1])
                           && isDigit(line[2]) && isDigit(line[3]);
        if (!dated && (line[0] == 'b' || line[0] == ' ' || line[0] == '-' || isDigit(line[0])))
            addBootRow(line, path);
        size_t messageStart = 0;
        if (const auto up = uptimeOf(line, &messageStart)) {
            if (log < 0) {
                log = int(m_paths.size());
                m_paths.push_back(path);
                m_boots.emplace_back();
                m_lastUptime.push_back(INT64_MAX);
            }
            auto &boots = m_boots[size_t(log)];
            // A stamp that goes down by more than a second starts the next boot.
            if (boots.empty() || *up + 1000000 < m_lastUptime[size_t(log)])
                boots.push_back(BootClock{doc.lineNumber(i), std::nullopt, {}});
            m_lastUptime[size_t(log)] = *up;
            const std::string_view message = trimmed(line.substr(messageStart));
            if (message.size() < kMinPairedMessage)
                continue;
            const uint64_t key = messageKey(message);
            auto it = m_uptimeMessages.find(key);
            if (it != m_uptimeMessages.end())
                ++it->second.count;
            else if (m_uptimeMessages.size() < kMaxMessages)
                m_uptimeMessages.emplace(key, Stamp{*up, log, int(boots.size()) - 1, 1});
            continue;
        }
        const std::string_view message = datedKernelMessage(line);
        if (message.size() < kMinPairedMessage)
            continue;
        // The bundle's year may come later: a line without one is dated in a reference year.
        const auto t = lineTime(line, TimeContext{kReferenceYear, 0});
        if (!t)
            continue;
        const bool yearless = lineTime(line, TimeContext{kReferenceYear + 1, 0}) != t;
        const uint64_t key = messageKey(message);
        auto it = m_wallMessages.find(key);
        if (it != m_wallMessages.end())
            ++it->second.count;
        else if (m_wallMessages.size() < kMaxMessages)
            m_wallMessages.emplace(key, Stamp{*t, 0, 0, 1, yearless});
    }
}

BundleClock ClockReader::finish() const
{
    BundleClock clock;
    clock.context.year = m_year;
    clock.yearSource = m_yearSource;
    // Per boot: the wall-clock start each message seen once on both sides gives.
    const int year = m_year ? m_year : QDate::currentDate().year();
    std::map<std::pair<int, int>, std::vector<int64_t>> starts;
    for (const auto &[key, up] : m_uptimeMessages) {
        if (up.count != 1)
            continue;
        const auto wall = m_wallMessages.find(key);
        if (wall == m_wallMessages.end() || wall->second.count != 1)
            continue;
        const int64_t time
            = wall->second.yearless ? inYear(wall->second.time, year) : wall->second.time;
        starts[{up.path, up.boot}].push_back(time - up.time);
    }
    for (size_t log = 0; log < m_paths.size(); ++log) {
        std::vector<BootClock> boots = m_boots[log];
        for (size_t b = 0; b < boots.size(); ++b) {
            auto it = starts.find({int(log), int(b)});
            if (it != starts.end()) {
                auto &values = it->second;
                std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
                boots[b].start = values[values.size() / 2];
                boots[b].source
                    = values.size() == 1
                          ? QStringLiteral("1 kernel message also written with a date")
                          : QStringLiteral("%1 kernel messages also written with a date")
                                .arg(values.size());
                continue;
            }
            // The last boot of the log is the current one (index 0), the one before it -1.
            const int index = int(b) - int(boots.size()) + 1;
            if (const auto row = m_bootRows.find(index); row != m_bootRows.end()) {
                boots[b].start = row->second.first;
                boots[b].source = row->second.second;
            }
        }
        clock.boots[m_paths[log]] = std::move(boots);
    }
    if (!clock.context.year)
        for (const auto &[log, boots] : clock.boots)
            for (const BootClock &boot : boots)
                if (boot.start && !clock.context.year) {
                    clock.context.year = formatTime(*boot.start).left(4).toInt();
                    clock.yearSource = log;
                }
    return clock;
}

BundleClock bundleClock(const std::vector<std::shared_ptr<const LogDocument>> &docs)
{
    ClockReader reader;
    for (const auto &doc : docs)
        reader.add(*doc);
    return reader.finish();
}

Timeline buildTimeline(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                       size_t maxEntries,
                       const std::atomic<bool> *cancel)
{
    return buildTimeline(docs, bundleClock(docs), maxEntries, cancel);
}

Timeline buildTimeline(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                       const BundleClock &clock,
                       size_t maxEntries,
                       const std::atomic<bool> *cancel)
{
    Timeline out;
    out.undated.assign(docs.size(), 0);
    static const std::vector<BootClock> noBoots;
    for (size_t d = 0; d < docs.size(); ++d) {
        const LogDocument &doc = *docs[d];
        const auto bootsOfDoc = clock.boots.find(doc.path());
        const auto &boots = bootsOfDoc == clock.boots.end() ? noBoots : bootsOfDoc->second;
        size_t nextBoot = 0;
        const BootClock *boot = nullptr;
        std::optional<int64_t> last;
        for (int line = 0; line < doc.lineCount(); ++line) {
            if ((line & 0xffff) == 0 && cancel && cancel->load()) {
                out.cancelled = true;
                return out;
            }
            const int number = doc.lineNumber(line);
            while (nextBoot < boots.size() && boots[nextBoot].firstLine <= number)
                boot = &boots[nextBoot++];
            const std::string_view text = doc.line(line);
            if (const auto t = lineTime(text, clock.context)) {
                last = t;
            } else if (boot) {
                if (const auto up = uptimeOf(text))
                    last = boot->start ? std::optional(*boot->start + *up) : std::nullopt;
            }
            if (last)
                out.entries.push_back({*last, int(d), LineNumber(line)});
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
