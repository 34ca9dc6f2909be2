#pragma once

#include <QString>

namespace gputriage {

// A fact about the whole bundle (driver version, GPU name, bundle type) and where it was seen.
struct BundleFact
{
    QString name;
    QString value;
    QString path;
    int line = 0;  // 0 when the fact comes from the bundle's layout
    QString rule;  // the fact rule that found it, if any
    int count = 1; // how often the same value was seen
    QString text;  // the line it was read from
};

} // namespace gputriage
