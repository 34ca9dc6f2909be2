#include "rules/textalternation.h"

#include "text/words.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <cstring>

namespace gputriage {

namespace {

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

RE2::Options options()
{
    RE2::Options o;
    o.set_case_sensitive(false);
    o.set_max_mem(64 << 20);
    return o;
}

uint32_t key(const char *at)
{
    uint32_t k = 0;
    std::memcpy(&k, at, 4);
    return k;
}

} // namespace

TextAlternation::TextAlternation(const QStringList &texts, Engine engine)
{
    bool literal = engine == Engine::Auto;
    for (const QString &t : texts) {
        std::string text = t.toStdString();
        literal = literal && text.size() >= kKey
                  && std::all_of(text.begin(), text.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
        m_texts.push_back(std::move(text));
    }
    if (!literal) {
        for (const std::string &t : m_texts)
            m_alternation += (m_alternation.empty() ? "" : "|") + RE2::QuoteMeta(t)
                             + (!t.empty() && isWordChar(t.back()) ? "\\b" : "");
        m_regex = std::make_unique<RE2>("\\b(" + m_alternation + ")", options());
        return;
    }
    for (size_t i = 0; i < m_texts.size(); ++i) {
        std::string &t = m_texts[i];
        std::transform(t.begin(), t.end(), t.begin(), lower);
        m_byKey[key(t.data())].push_back(i);
    }
}

TextAlternation::~TextAlternation() = default;

bool TextAlternation::find(std::string_view line, std::string &written) const
{
    if (m_regex)
        return RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), *m_regex, &written);
    return search(line, written, [](size_t) { return true; });
}

bool TextAlternation::findWithNumber(std::string_view line,
                                     std::string &written,
                                     std::string &number) const
{
    if (m_regex) {
        std::call_once(m_withNumberOnce, [this] {
            m_withNumber = std::make_unique<RE2>(
                "\\b(" + m_alternation + ")" + R"(\s*\((?:error )?(-?\d{1,4})\))", options());
        });
        return RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), *m_withNumber,
                                 &written, &number);
    }
    return search(line, written, [&](size_t end) {
        size_t k = end;
        while (k < line.size() && std::strchr(" \t\n\f\r", line[k]) && line[k] != '\0')
            ++k; // RE2's \s
        if (k == line.size() || line[k] != '(')
            return false;
        // NGC containers' entrypoint writes the code as "(error 802)".
        constexpr std::string_view word = "error ";
        ++k;
        if (k + word.size() <= line.size()
            && std::equal(word.begin(), word.end(), line.begin() + k,
                          [](char w, char c) { return w == lower(c); }))
            k += word.size();
        const size_t from = k;
        k += k < line.size() && line[k] == '-';
        const size_t digits = k;
        while (k < line.size() && k - digits < 5
               && std::isdigit(static_cast<unsigned char>(line[k])))
            ++k;
        if (k == digits || k - digits > 4 || k == line.size() || line[k] != ')')
            return false;
        number.assign(line.substr(from, k - from));
        return true;
    });
}

template<typename Follows>
bool TextAlternation::search(std::string_view line, std::string &written, Follows follows) const
{
    if (m_texts.empty() || line.size() < kKey)
        return false;
    thread_local std::string lowered;
    lowered.resize(line.size());
    std::transform(line.begin(), line.end(), lowered.begin(), lower);
    auto boundary = [&](size_t p) {
        return (p > 0 && isWordChar(line[p - 1])) != (p < line.size() && isWordChar(line[p]));
    };
    for (size_t p = 0; p + kKey <= line.size(); ++p) {
        if (!boundary(p))
            continue;
        const auto it = m_byKey.find(key(lowered.data() + p));
        if (it == m_byKey.end())
            continue;
        for (size_t i : it->second) {
            const std::string &t = m_texts[i];
            if (t.size() > line.size() - p || lowered.compare(p, t.size(), t) != 0
                || (isWordChar(t.back()) && !boundary(p + t.size())) || !follows(p + t.size()))
                continue;
            written.assign(line.substr(p, t.size()));
            return true;
        }
    }
    return false;
}

} // namespace gputriage
