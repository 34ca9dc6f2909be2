#pragma once

#include <QStringList>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace re2 {
class RE2;
}

namespace gputriage {

// Texts (a vocabulary's printed texts) found in a line as the case-insensitive alternation
// \b(text1\b|text2\b|…) finds them: leftmost, then the first listed; a text that ends in a
// word character ends at a word's end. Without compiling that alternation (RE2 took 50 M
// instructions per report for the vocabularies'); texts that are not all ASCII, or shorter than
// four bytes, keep the RE2 alternation.
class TextAlternation
{
public:
    enum class Engine { Auto, Regex }; // Regex: the alternation itself (the tests' reference)
    explicit TextAlternation(const QStringList &texts, Engine engine = Engine::Auto);
    ~TextAlternation();
    TextAlternation(const TextAlternation &) = delete;
    TextAlternation &operator=(const TextAlternation &) = delete;

    // The first text in the line, as the line writes it, into `written`.
    bool find(std::string_view line, std::string &written) const;

private:
    static constexpr size_t kKey = 4;
    std::vector<std::string> m_texts;                          // lower-cased, in list order
    std::unordered_map<uint32_t, std::vector<size_t>> m_byKey; // first kKey bytes → texts
    std::unique_ptr<re2::RE2> m_regex;
};

} // namespace gputriage
