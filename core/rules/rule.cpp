#include "rules/rule.h"

#include <array>

namespace gputriage {

namespace {
constexpr std::array<const char *, 4> kSeverityNames = {"info", "warning", "error", "critical"};
constexpr std::array<const char *, 6> kOpNames = {"<", "<=", ">", ">=", "==", "!="};
} // namespace

QString severityName(Severity severity)
{
    return QString::fromLatin1(kSeverityNames[size_t(severity)]);
}

std::optional<Severity> severityFromName(QStringView name)
{
    for (size_t i = 0; i < kSeverityNames.size(); ++i)
        if (name == QLatin1String(kSeverityNames[i]))
            return Severity(i);
    return std::nullopt;
}

QString compareOpName(CompareOp op)
{
    return QString::fromLatin1(kOpNames[size_t(op)]);
}

std::optional<CompareOp> compareOpFromName(QStringView name)
{
    for (size_t i = 0; i < kOpNames.size(); ++i)
        if (name == QLatin1String(kOpNames[i]))
            return CompareOp(i);
    return std::nullopt;
}

} // namespace gputriage
