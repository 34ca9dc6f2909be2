#include "rules/textalternation.h"

#include <re2/re2.h>

#include <algorithm>
#include <cstring>

namespace gputriage {

namespace {

bool isWord(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
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
        std::string alternation;
        for (const std::string &t : m_texts)
            alternation += (alternation.empty() ? "" : "|") + RE2::QuoteMeta(t)
                           + (!t.empty() && isWord(t.back()) ? "\\b" : "");
        RE2::Options options;
        options.set_case_sensitive(false);
        options.set_max_mem(64 << 20);
        m_regex = std::make_unique<RE2>("\\b(" + alternation + ")", options);
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
    if (m_texts.empty() || line.size() < kKey)
        return false;
    thread_local std::string lowered;
    lowered.resize(line.size());
    std::transform(line.begin(), line.end(), lowered.begin(), lower);
    auto boundary = [&](size_t p) {
        return (p > 0 && isWord(line[p - 1])) != (p < line.size() && isWord(line[p]));
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
                || (isWord(t.back()) && !boundary(p + t.size())))
                continue;
            written.assign(line.substr(p, t.size()));
            return true;
        }
    }
    return false;
}

} // namespace gputriage
