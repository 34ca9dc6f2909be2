#pragma once

#include <QStringList>

#include <cstdint>
#include <memory>
#include <mutex>
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
    // The first text followed by a number of 1 to 4 digits in parentheses, as the alternation
    // with the suffix \s*\((-?\d{1,4})\) finds it; the number into `number`.
    bool findWithNumber(std::string_view line, std::string &written, std::string &number) const;

private:
    static constexpr size_t kKey = 4;
    // The literal search; `follows(end)`: the text ending at `end` is followed as required.
    template<typename Follows>
    bool search(std::string_view line, std::string &written, Follows follows) const;
    std::string m_alternation; // (the regex engine) the alternation without its group
    mutable std::once_flag m_withNumberOnce;
    mutable std::unique_ptr<re2::RE2> m_withNumber;
    std::vector<std::string> m_texts;                          // lower-cased, in list order
    std::unordered_map<uint32_t, std::vector<size_t>> m_byKey; // first kKey bytes → texts
    std::unique_ptr<re2::RE2> m_regex;
};

} // namespace gputriage
