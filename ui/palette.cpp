#include "palette.h"

#include <QGuiApplication>
#include <QPalette>

#include <cmath>

namespace gputriage {

namespace {

// Severity order: Info, Warning, Error, Critical.
ViewPalette makeLight()
{
    ViewPalette p;
    p.base = QColor(0xff, 0xff, 0xff);
    p.text = QColor(0x1f, 0x23, 0x28);
    p.muted = QColor(0x57, 0x60, 0x6a);
    p.gutter = QColor(0xf3, 0xf4, 0xf6);
    p.currentLine = QColor(0xe3, 0xec, 0xfa);
    p.selection = QColor(0xb6, 0xd4, 0xfe);
    p.selectedText = p.text;
    // Info is green-grey, not blue: a blue line reads as selected.
    p.lineTint = {QColor(0xe9, 0xf4, 0xee), QColor(0xfd, 0xf1, 0xd6), QColor(0xfd, 0xe4, 0xe1),
                  QColor(0xfa, 0xdd, 0xed)};
    p.spanTint = {QColor(0xc9, 0xe7, 0xd8), QColor(0xf8, 0xdc, 0x9b), QColor(0xf8, 0xc4, 0xbd),
                  QColor(0xf0, 0xbc, 0xd9)};
    p.severity = {QColor(0x0b, 0x6e, 0x4f), QColor(0x8a, 0x5a, 0x00), QColor(0xc0, 0x28, 0x1b),
                  QColor(0x9c, 0x11, 0x58)};
    p.searchHit = QColor(0xff, 0xe0, 0x66);
    p.searchCurrent = QColor(0xff, 0x9f, 0x1c);
    p.searchText = QColor(0x1a, 0x1a, 0x1a);
    p.bookmark = QColor(0x1f, 0x5f, 0xbf);
    p.bookmarkText = QColor(0xff, 0xff, 0xff);
    p.bannerBackground = QColor(0xff, 0xf3, 0xcd);
    p.bannerText = QColor(0x66, 0x4d, 0x03);
    return p;
}

ViewPalette makeDark()
{
    ViewPalette p;
    p.isDark = true;
    p.base = QColor(0x1e, 0x1f, 0x22);
    p.text = QColor(0xe6, 0xe6, 0xe6);
    p.muted = QColor(0x9a, 0xa0, 0xa6);
    p.gutter = QColor(0x26, 0x28, 0x2c);
    p.currentLine = QColor(0x2b, 0x36, 0x48);
    p.selection = QColor(0x26, 0x4f, 0x78);
    p.selectedText = QColor(0xff, 0xff, 0xff);
    p.lineTint = {QColor(0x1f, 0x33, 0x29), QColor(0x3a, 0x30, 0x1c), QColor(0x40, 0x23, 0x1f),
                  QColor(0x3d, 0x1f, 0x31)};
    p.spanTint = {QColor(0x28, 0x45, 0x38), QColor(0x4f, 0x40, 0x1d), QColor(0x58, 0x2b, 0x25),
                  QColor(0x55, 0x27, 0x44)};
    p.severity = {QColor(0x5f, 0xd3, 0xa5), QColor(0xf0, 0xb8, 0x4a), QColor(0xff, 0x7b, 0x6b),
                  QColor(0xff, 0x85, 0xc4)};
    p.searchHit = QColor(0xff, 0xe0, 0x66);
    p.searchCurrent = QColor(0xff, 0x9f, 0x1c);
    p.searchText = QColor(0x1a, 0x1a, 0x1a);
    p.bookmark = QColor(0x7c, 0xb4, 0xff);
    p.bookmarkText = QColor(0x10, 0x14, 0x1a);
    p.bannerBackground = QColor(0x4a, 0x3b, 0x0a);
    p.bannerText = QColor(0xff, 0xe9, 0xa8);
    return p;
}

double channel(int value)
{
    const double c = value / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(const QColor &c)
{
    const QColor rgb = c.toRgb();
    return 0.2126 * channel(rgb.red()) + 0.7152 * channel(rgb.green())
           + 0.0722 * channel(rgb.blue());
}

} // namespace

const ViewPalette &ViewPalette::light()
{
    static const ViewPalette p = makeLight();
    return p;
}

const ViewPalette &ViewPalette::dark()
{
    static const ViewPalette p = makeDark();
    return p;
}

const ViewPalette &ViewPalette::forBase(const QColor &base)
{
    return luminance(base) < 0.18 ? dark() : light();
}

const ViewPalette &ViewPalette::ofApplication()
{
    return forBase(QGuiApplication::palette().color(QPalette::Base));
}

QPalette ViewPalette::toQPalette() const
{
    QPalette p;
    const QColor window = isDark ? base.lighter(115) : QColor(0xef, 0xf0, 0xf1);
    for (const auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        p.setColor(group, QPalette::Window, window);
        p.setColor(group, QPalette::WindowText, text);
        p.setColor(group, QPalette::Base, base);
        p.setColor(group, QPalette::AlternateBase, gutter);
        p.setColor(group, QPalette::Text, text);
        p.setColor(group, QPalette::Button, window);
        p.setColor(group, QPalette::ButtonText, text);
        p.setColor(group, QPalette::ToolTipBase, base);
        p.setColor(group, QPalette::ToolTipText, text);
        p.setColor(group, QPalette::PlaceholderText, muted);
        p.setColor(group, QPalette::Highlight, selection);
        p.setColor(group, QPalette::HighlightedText, selectedText);
        p.setColor(group, QPalette::Link,
                   isDark ? QColor(0x8a, 0xb4, 0xf8) : QColor(0x0a, 0x58, 0xca));
        p.setColor(group, QPalette::BrightText,
                   isDark ? QColor(0xff, 0xff, 0xff) : QColor(0, 0, 0));
    }
    p.setColor(QPalette::Disabled, QPalette::Text, muted);
    p.setColor(QPalette::Disabled, QPalette::WindowText, muted);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, muted);
    return p;
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor
readableOn(const QColor &colour, std::initializer_list<QColor> backgrounds, const QColor &fallback)
{
    for (const QColor &background : backgrounds)
        if (contrastRatio(colour, background) < 4.5)
            return fallback;
    return colour;
}

QColor severityColor(Severity severity)
{
    return ViewPalette::ofApplication().severity[size_t(severity)];
}

} // namespace gputriage
