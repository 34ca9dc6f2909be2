#include "templateminer.h"

#include <algorithm>

namespace gputriage {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Characters that can belong to a variable value: hex digits, separators of versions, ids,
// addresses and times.
bool isValueChar(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == '.' || c == ':'
           || c == '-' || c == '_' || c == 'x';
}

const std::string kWild = "<*>";

} // namespace

std::string TemplateMiner::maskToken(std::string_view token)
{
    std::string out;
    size_t i = 0;
    auto isAlnum = [](char c) {
        return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    };
    while (i < token.size()) {
        // A value starts with a digit, or with a hex letter or separator at a word boundary
        // ("nvidia3" keeps "nvidia", "GPU-9b1d…" keeps "GPU-").
        const bool boundary = i == 0 || !isAlnum(token[i - 1]);
        if (!isValueChar(token[i]) || (!isDigit(token[i]) && !boundary)) {
            out += token[i++];
            continue;
        }
        size_t j = i;
        bool digit = false;
        while (j < token.size() && isValueChar(token[j]))
            ++j;
        // A value ends at a word's end: hex letters that begin a word go back to it ("52_C" of
        // "52_CUDAExecutionProvider" is "52_" and "CUDA…").
        while (j > i + 1 && j < token.size() && isAlnum(token[j]) && !isDigit(token[j - 1])
               && isAlnum(token[j - 1]))
            --j;
        for (size_t k = i; k < j; ++k)
            digit = digit || isDigit(token[k]);
        if (digit) {
            // Keep a leading separator that belongs to the text ("pid=", "GPU-", "/dev/").
            size_t k = i;
            while (k < j
                   && (token[k] == '-' || token[k] == '/' || token[k] == ':' || token[k] == '.'))
                out += token[k++];
            if (out.size() < kWild.size()
                || out.compare(out.size() - kWild.size(), kWild.size(), kWild) != 0)
                out += kWild;
        } else {
            out.append(token.substr(i, j - i));
        }
        i = j;
    }
    return out;
}

void TemplateMiner::add(std::string_view normalized,
                        std::string_view raw,
                        const QString &path,
                        int line)
{
    ++m_lines;
    std::vector<std::string> tokens;
    size_t i = 0;
    while (i < normalized.size() && tokens.size() < kMaxTokens) {
        while (i < normalized.size() && normalized[i] == ' ')
            ++i;
        size_t j = i;
        while (j < normalized.size() && normalized[j] != ' ')
            ++j;
        if (j > i)
            tokens.push_back(maskToken(normalized.substr(i, j - i)));
        i = j;
    }
    if (tokens.empty())
        return;
    auto &group = m_groups[{tokens.size(), tokens.front()}];
    size_t best = SIZE_MAX;
    size_t bestSame = 0;
    for (size_t c : group) {
        const auto &t = m_clusters[c].tokens;
        size_t same = 0;
        for (size_t k = 0; k < tokens.size(); ++k)
            same += t[k] == tokens[k] || t[k] == kWild;
        if (same > bestSame || best == SIZE_MAX) {
            best = c;
            bestSame = same;
        }
    }
    const bool similar = best != SIZE_MAX && bestSame * 10 >= tokens.size() * 6;
    if (!similar && group.size() < kMaxClustersPerGroup) {
        Cluster c;
        c.tokens = std::move(tokens);
        c.examplePath = path;
        c.exampleLine = line;
        c.example.assign(raw.substr(0, 2000));
        c.order = m_clusters.size();
        group.push_back(m_clusters.size());
        m_clusters.push_back(std::move(c));
        best = m_clusters.size() - 1;
    } else if (similar) {
        auto &t = m_clusters[best].tokens;
        for (size_t k = 0; k < tokens.size(); ++k)
            if (t[k] != tokens[k])
                t[k] = kWild;
    }
    // A full group counts the line with its closest template rather than growing further.
    Cluster &c = m_clusters[best];
    ++c.count;
    c.files.insert(path);
}

QList<MessageTemplate> TemplateMiner::templates(int max) const
{
    std::vector<const Cluster *> sorted;
    sorted.reserve(m_clusters.size());
    for (const Cluster &c : m_clusters)
        sorted.push_back(&c);
    std::sort(sorted.begin(), sorted.end(), [](const Cluster *a, const Cluster *b) {
        return a->count != b->count ? a->count > b->count : a->order < b->order;
    });
    QList<MessageTemplate> out;
    for (const Cluster *c : sorted) {
        if (out.size() >= max)
            break;
        MessageTemplate t;
        std::string text;
        for (const std::string &token : c->tokens) {
            if (!text.empty())
                text += ' ';
            text += token;
        }
        t.text = QString::fromUtf8(text.data(), qsizetype(text.size()));
        t.count = c->count;
        for (const QString &f : c->files) {
            if (t.files.size() == 5)
                break;
            t.files << f;
        }
        t.fileCount = int(c->files.size());
        t.examplePath = c->examplePath;
        t.exampleLine = c->exampleLine;
        t.example = QString::fromUtf8(c->example.data(), qsizetype(c->example.size()));
        out.append(t);
    }
    return out;
}

} // namespace gputriage
