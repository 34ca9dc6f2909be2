#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gputriage {

// A message shape seen in lines no rule matched: "NCCL WARN Call to connect returned
// Connection <*> peer <*>" with how often, where, and one example.
struct MessageTemplate
{
    QString text;
    qint64 count = 0;
    QStringList files; // the first few files it was seen in
    int fileCount = 0;
    QString examplePath;
    int exampleLine = 0; // 1-based
    QString example;     // the original line
};

// A Drain-like log template miner: variable parts of a token (anything with a digit: numbers,
// hex, versions, ids, addresses) are masked first, then lines with the same token count and
// first token merge into the template they share at least 60 % of their tokens with; the
// tokens where they differ become <*>.
class TemplateMiner
{
public:
    // `normalized` is the line as rules see it; `raw` is kept as the example.
    void add(std::string_view normalized, std::string_view raw, const QString &path, int line);
    // The templates, most frequent first (then the one seen first).
    QList<MessageTemplate> templates(int max = 100) const;
    qint64 lines() const { return m_lines; }

    // "pid=51877," → "pid=<*>,"; "GPU-9b1d77c4-…" → "GPU-<*>".
    static std::string maskToken(std::string_view token);

private:
    struct Cluster
    {
        std::vector<std::string> tokens;
        qint64 count = 0;
        std::set<QString> files;
        QString examplePath;
        int exampleLine = 0;
        std::string example;
        size_t order = 0;
    };
    std::map<std::pair<size_t, std::string>, std::vector<size_t>> m_groups;
    std::vector<Cluster> m_clusters;
    qint64 m_lines = 0;
    static constexpr size_t kMaxClustersPerGroup = 64;
    static constexpr size_t kMaxTokens = 64; // longer lines are cut for the shape
};

} // namespace gputriage
