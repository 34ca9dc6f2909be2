#include "severitycolor.h"

#include <array>

namespace gputriage {

QColor severityColor(Severity severity, int alpha)
{
    static const std::array<QColor, 4> colors
        = {QColor(0x2a, 0x6f, 0xdb), QColor(0xc0, 0x85, 0x00), QColor(0xd0, 0x30, 0x20),
           QColor(0xa0, 0x10, 0x60)};
    QColor c = colors[size_t(severity)];
    c.setAlpha(alpha);
    return c;
}

QColor searchHitColor()
{
    return QColor(0xff, 0xe0, 0x66);
}

QColor searchCurrentColor()
{
    return QColor(0xff, 0x9e, 0x2c);
}

} // namespace gputriage
