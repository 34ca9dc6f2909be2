#pragma once

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/State>

#include <QStringView>

#include <vector>

namespace gputriage {

// A run of one line's text in one format.
struct HighlightRun
{
    int offset, length;
    KSyntaxHighlighting::Format format;
};

// Collects the formats KSyntaxHighlighting assigns to one line.
class LineHighlighter : public KSyntaxHighlighting::AbstractHighlighter
{
public:
    using Run = HighlightRun;
    std::vector<Run> highlight(QStringView text)
    {
        m_runs.clear();
        if (definition().isValid())
            highlightLine(text, KSyntaxHighlighting::State());
        return std::move(m_runs);
    }

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override
    {
        m_runs.push_back({offset, length, format});
    }

private:
    std::vector<Run> m_runs;
};

} // namespace gputriage
