#pragma once

#include "rules/rule.h"

#include <QColor>

#include <array>

class QPalette;

namespace gputriage {

// The colours the views paint with, one set for a light base and one for a dark base. Every
// text colour here is readable (WCAG AA, 4.5:1) on every background it is drawn on: tinted
// lines, matched text, the current line, selections, search hits (checked by tst_palette).
struct ViewPalette
{
    bool isDark = false;
    QColor base, text, muted, gutter;            // view background, text, line numbers
    QColor currentLine, selection, selectedText; // selected: lines or text
    std::array<QColor, 4> lineTint;              // a line a rule matched, by severity
    std::array<QColor, 4> spanTint;              // the matched text on it
    std::array<QColor, 4> severity;              // severity text and markers, on `base`
    QColor searchHit, searchCurrent, searchText;
    QColor bookmark, bookmarkText; // a bookmarked line's number in the gutter
    QColor bannerBackground, bannerText;

    static const ViewPalette &light();
    static const ViewPalette &dark();
    // The set for a background: dark when it is darker than mid-grey.
    static const ViewPalette &forBase(const QColor &base);
    // The set for the application's palette.
    static const ViewPalette &ofApplication();
    // A whole-application palette with this set's base and text (for a dark log theme, so
    // the window around the log is dark too).
    QPalette toQPalette() const;
};

// WCAG 2 contrast ratio between two opaque colours (1 to 21).
double contrastRatio(const QColor &a, const QColor &b);
// `colour` when it reads on every background given (4.5:1), else `fallback`.
QColor
readableOn(const QColor &colour, std::initializer_list<QColor> backgrounds, const QColor &fallback);

// The text colour of a severity in the application's palette.
QColor severityColor(Severity severity);

} // namespace gputriage
