#include "source/bugreport.h"

#include <QHash>

#include "text/logdocument.h"

#include <QFileInfo>
#include <QSet>

namespace gputriage {

namespace {

constexpr std::string_view kSeparator = "____________________________________________"; // 44

bool isSeparator(std::string_view line)
{
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t'))
        line.remove_suffix(1);
    return line == kSeparator;
}

QString sectionTitle(const LogDocument &doc, int first, int end)
{
    for (int i = first; i < end; ++i) {
        QString title = doc.lineText(i).trimmed();
        if (title.isEmpty())
            continue;
        if (title.startsWith(QLatin1String("*** "))) {
            title = title.mid(4);
            for (const char *suffix : {" does not exist", " is not readable"})
                if (title.endsWith(QLatin1String(suffix)))
                    title.chop(int(strlen(suffix)));
        } else if (title.endsWith(QLatin1Char(':'))) {
            title.chop(1);
        }
        title.replace(QLatin1Char('!'), QLatin1Char('|'));
        return title.left(100).trimmed();
    }
    return QStringLiteral("(empty)");
}

bool blank(const LogDocument &doc, int first, int end)
{
    for (int i = first; i < end; ++i)
        if (doc.line(i).find_first_not_of(" \t\r") != std::string_view::npos)
            return false;
    return true;
}

} // namespace

bool isBugReport(const LogDocument &doc)
{
    const int n = std::min(doc.lineCount(), 40);
    for (int i = 0; i < n; ++i)
        if (doc.line(i).find("Start of NVIDIA bug report log file") != std::string_view::npos)
            return true;
    return false;
}

std::vector<std::shared_ptr<const LogDocument>>
splitBugReport(const std::shared_ptr<const LogDocument> &doc, int maxSections)
{
    std::vector<int> separators;
    for (int i = 0; i < doc->lineCount(); ++i)
        if (isSeparator(doc->line(i)))
            separators.push_back(i);
    if (separators.empty())
        return {doc};

    std::vector<std::shared_ptr<const LogDocument>> sections;
    // Titles seen, with the next number to try: "title (2)", "(3)" ... in linear time.
    QHash<QString, int> used;
    auto add = [&](int first, int end, const QString &title) {
        if (end <= first || blank(*doc, first, end)) // a command that printed nothing
            return;
        QString name = title;
        if (auto it = used.find(name); it != used.end()) {
            do
                name = QStringLiteral("%1 (%2)").arg(title).arg(it.value()++);
            while (used.contains(name));
        }
        used.insert(name, 2);
        sections.push_back(
            LogDocument::section(doc, first, end, doc->path() + QLatin1Char('!') + name));
    };
    if (separators.front() > 0)
        add(0, separators.front(), QStringLiteral("prologue"));
    for (size_t s = 0; s < separators.size(); ++s) {
        const int first = separators[s] + 1;
        const int end = s + 1 < separators.size() ? separators[s + 1] : doc->lineCount();
        // Past the entry limit the rest is one section: every line is still analysed.
        if (int(sections.size()) + 1 >= maxSections && s + 1 < separators.size()) {
            add(first, doc->lineCount(),
                QStringLiteral("%1 more sections").arg(separators.size() - s));
            break;
        }
        QString title = sectionTitle(*doc, first, end);
        if (title.startsWith(QLatin1String("Start of NVIDIA bug report log file")))
            title = QStringLiteral("prologue");
        add(first, end, title);
    }
    return sections;
}

} // namespace gputriage
