#pragma once

#include <string>
#include <vector>

namespace gputriage {

class LogDocument;

// The normalized text of the lines one chunk's matching reads: line k is document line
// base + k. Either all normalized ahead (the runs of partial records are joined then), or each
// normalized when first read: the lines a candidate's windows and conditions may reach are
// many, the lines they do read few. A line that is not `wanted` reads as empty, as it would
// have been had it been made ahead.
class ChunkLines
{
public:
    // Every line made ahead, in `text`.
    explicit ChunkLines(std::vector<std::string> &text)
        : m_text(&text)
    {}
    // Lines [base, base + text.size()) of `doc`; those `made` (non-zero) are in `text` already.
    ChunkLines(std::vector<std::string> &text,
               const LogDocument &doc,
               int base,
               const std::vector<char> &wanted,
               std::vector<char> &made)
        : m_text(&text)
        , m_doc(&doc)
        , m_base(base)
        , m_wanted(&wanted)
        , m_made(&made)
    {}

    const std::string &operator[](size_t k) const
    {
        return !m_made || (*m_made)[k] ? (*m_text)[k] : make(k);
    }
    size_t size() const { return m_text->size(); }

private:
    const std::string &make(size_t k) const;

    std::vector<std::string> *m_text;
    const LogDocument *m_doc = nullptr;
    int m_base = 0;
    const std::vector<char> *m_wanted = nullptr;
    std::vector<char> *m_made = nullptr; // null: all made ahead
};

} // namespace gputriage
