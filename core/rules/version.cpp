#include "rules/version.h"

#include <vector>

namespace gputriage {

namespace {

struct Parsed
{
    std::vector<qulonglong> numbers;
    QStringView tail;
};

Parsed parse(QStringView v)
{
    Parsed p;
    v = v.trimmed();
    if (v.startsWith(QLatin1Char('v')) || v.startsWith(QLatin1Char('V')))
        v = v.mid(1);
    qsizetype i = 0;
    while (i < v.size() && v[i].isDigit()) {
        qulonglong n = 0;
        while (i < v.size() && v[i].isDigit()) {
            n = n * 10 + qulonglong(v[i].digitValue());
            ++i;
        }
        p.numbers.push_back(n);
        if (i + 1 < v.size() && v[i] == QLatin1Char('.') && v[i + 1].isDigit())
            ++i;
        else
            break;
    }
    p.tail = v.mid(i);
    return p;
}

} // namespace

int compareVersions(QStringView a, QStringView b)
{
    const Parsed pa = parse(a), pb = parse(b);
    const size_t n = std::max(pa.numbers.size(), pb.numbers.size());
    for (size_t i = 0; i < n; ++i) {
        const qulonglong x = i < pa.numbers.size() ? pa.numbers[i] : 0;
        const qulonglong y = i < pb.numbers.size() ? pb.numbers[i] : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return pa.tail.compare(pb.tail);
}

bool evaluate(QStringView left, CompareOp op, QStringView right)
{
    const int c = compareVersions(left, right);
    switch (op) {
    case CompareOp::Less: return c < 0;
    case CompareOp::LessEqual: return c <= 0;
    case CompareOp::Greater: return c > 0;
    case CompareOp::GreaterEqual: return c >= 0;
    case CompareOp::Equal: return c == 0;
    case CompareOp::NotEqual: return c != 0;
    }
    return false;
}

} // namespace gputriage
