#include "timelineview.h"

#include "text/logdocument.h"
#include "text/normalizer.h"

#include <QRegularExpression>

#include <algorithm>

namespace gputriage {

QStringList shortNames(const std::vector<std::shared_ptr<const LogDocument>> &docs)
{
    QStringList names;
    std::vector<QStringList> parts;
    static const QRegularExpression separators(QStringLiteral("[/!]"));
    parts.reserve(docs.size());
    for (const auto &doc : docs)
        parts.push_back(doc->path().split(separators, Qt::SkipEmptyParts));
    for (size_t i = 0; i < docs.size(); ++i) {
        QString name;
        for (qsizetype k = 1; k <= parts[i].size(); ++k) {
            name = parts[i].mid(parts[i].size() - k).join(QLatin1Char('/'));
            bool unique = true;
            for (size_t j = 0; j < docs.size() && unique; ++j)
                unique = j == i || !docs[j]->path().endsWith(name);
            if (unique)
                break;
        }
        names << name;
    }
    return names;
}

} // namespace gputriage
