#include "pdfexport.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QFontMetricsF>
#include <QImageReader>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

namespace gputriage {

// QTextDocument knows only part of CSS: tables get their borders as attributes, and the
// severity labels their colour inline. The input is our own report HTML, where all bundle
// text is already escaped, so these tags are ours.
QString printableHtml(QString html, QTextDocument *doc)
{
    // QTextDocument has no SVG: each picture (the timeline) becomes an image resource of `doc`,
    // drawn at twice its size so it stays sharp in print; without a document it is left out.
    for (int n = 0;; ++n) {
        const qsizetype start = html.indexOf(QLatin1String("<svg"));
        const qsizetype end = html.indexOf(QLatin1String("</svg>"), start);
        if (start < 0 || end < 0)
            break;
        QByteArray svg = html.mid(start, end + 6 - start).toUtf8();
        QBuffer buffer(&svg);
        QImageReader reader(&buffer, "svg");
        const QSize size = reader.size();
        QString replacement;
        if (doc && size.isValid()) {
            reader.setScaledSize(size * 2);
            const QImage image = reader.read();
            if (!image.isNull()) {
                const QString name = QStringLiteral("gputriage-figure-%1.png").arg(n);
                doc->addResource(QTextDocument::ImageResource, QUrl(name), image);
                // As wide as the page at most (the SVG is drawn for a browser window).
                const qreal room = doc->textWidth() > 0 ? doc->textWidth() - 16 : 680;
                const qreal scale = std::min<qreal>(1, room / size.width());
                replacement = QStringLiteral("<img src=\"%1\" width=\"%2\" height=\"%3\">")
                                  .arg(name)
                                  .arg(qRound(size.width() * scale))
                                  .arg(qRound(size.height() * scale));
            }
        }
        html.replace(start, end + 6 - start, replacement);
    }
    // What only a screen can do (hover) is not printed.
    for (qsizetype at; (at = html.indexOf(QLatin1String("<span class=\"screen-only\">"))) >= 0;) {
        const qsizetype end = html.indexOf(QLatin1String("</span>"), at);
        if (end < 0)
            break;
        html.remove(at, end + 7 - at);
    }
    // The report's own style sheet is for browsers (CSS variables, media queries); print uses
    // the default style sheet set below instead.
    const qsizetype styleStart = html.indexOf(QLatin1String("<style"));
    const qsizetype styleEnd = html.indexOf(QLatin1String("</style>"));
    if (styleStart >= 0 && styleEnd > styleStart)
        html.remove(styleStart, styleEnd + 8 - styleStart);
    html.replace(QLatin1String("<table>"),
                 QLatin1String("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\" "
                               "style=\"border-style: solid; border-color: #9aa5b1\">"));
    html.replace(QLatin1String("<table class=\"cmp\">"),
                 QLatin1String("<table class=\"cmp\" border=\"1\" cellspacing=\"0\" "
                               "cellpadding=\"4\" style=\"border-style: solid; "
                               "border-color: #9aa5b1\">"));
    static const std::pair<const char *, const char *> colours[] = {
        {"critical", "#b3261e"}, {"error", "#c2410c"}, {"warning", "#a16207"}, {"info", "#1d4ed8"}};
    for (const auto &[severity, colour] : colours)
        html.replace(QStringLiteral("<span class=\"sev\">%1</span>").arg(QLatin1String(severity)),
                     QStringLiteral("<span class=\"sev\" style=\"color: %1\">%2</span>")
                         .arg(QLatin1String(colour), QString::fromLatin1(severity).toUpper()));
    html.replace(QLatin1String("<td class=\"holds\">"),
                 QLatin1String("<td class=\"holds\" style=\"color: #15803d\">"));
    html.replace(QLatin1String("<td class=\"fails\">"),
                 QLatin1String("<td class=\"fails\" style=\"color: #b3261e\">"));
    return html;
}

QString printStyleSheet()
{
    return QStringLiteral("body { font-family: sans-serif; font-size: 10pt; } "
                          "pre, code { font-family: monospace; font-size: 8pt; }"
                          "th { background-color: #eef1f4; text-align: left; } "
                          "h2 { margin-top: 14px; } .sev { font-weight: bold; } "
                          ".muted, .meta { color: #5f6b76; } pre { white-space: pre-wrap; }");
}

namespace {

// Breaks one line of text into rows of at most `columns` characters, at blanks; the rows after
// the first are indented, so that where an evidence line begins stays clear.
QString wrapLine(const QString &line, int columns)
{
    constexpr int kIndent = 2;
    QString out;
    qsizetype start = 0;
    for (int width = columns; line.size() - start > width; width = columns - kIndent) {
        const qsizetype blank = line.lastIndexOf(QLatin1Char(' '), start + width);
        // One run of text longer than the row is cut at the width.
        const qsizetype cut = blank > start ? blank : start + width;
        out.append(QStringView(line).mid(start, cut - start))
            .append(QLatin1Char('\n'))
            .append(QString(kIndent, QLatin1Char(' ')));
        start = blank > start ? cut + 1 : cut;
    }
    return out.append(QStringView(line).mid(start));
}

QString unescaped(QString text)
{
    text.replace(QLatin1String("&lt;"), QLatin1String("<"));
    text.replace(QLatin1String("&gt;"), QLatin1String(">"));
    text.replace(QLatin1String("&quot;"), QLatin1String("\""));
    text.replace(QLatin1String("&#39;"), QLatin1String("'"));
    return text.replace(QLatin1String("&amp;"), QLatin1String("&"));
}

} // namespace

QString wrapPreformatted(const QString &html, int columns)
{
    if (columns < 8)
        return html;
    QString out;
    qsizetype done = 0;
    for (qsizetype at; (at = html.indexOf(QLatin1String("<pre>"), done)) >= 0;) {
        const qsizetype begin = at + 5;
        const qsizetype end = html.indexOf(QLatin1String("</pre>"), begin);
        if (end < 0)
            break;
        out.append(QStringView(html).mid(done, begin - done));
        const QString text = html.mid(begin, end - begin);
        if (text.contains(QLatin1Char('<'))) { // markup inside: left to the layout
            out += text;
        } else {
            QStringList lines = unescaped(text).split(QLatin1Char('\n'));
            for (QString &line : lines)
                line = wrapLine(line, columns).toHtmlEscaped();
            out += lines.join(QLatin1Char('\n'));
        }
        done = end;
    }
    return out.append(QStringView(html).mid(done));
}

void layOutForPrint(QTextDocument &doc, const QString &html, qreal width)
{
    doc.setDefaultStyleSheet(printStyleSheet());
    doc.setTextWidth(width);
    // The print style's preformatted font (monospace 8pt), as the layout measures it; a column
    // to spare for rounding.
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    mono.setPointSizeF(8);
    const qreal advance = QFontMetricsF(mono).horizontalAdvance(QLatin1Char('0'));
    const int columns = advance > 0 ? int((width - 8) / advance) - 1 : 0;
    doc.setHtml(wrapPreformatted(printableHtml(html, &doc), columns));
}

QByteArray renderPdf(const QString &html, const QString &title)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("gputriage " GPUTRIAGE_VERSION));
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(15, 20, 15, 20), QPageLayout::Millimeter);
    writer.setResolution(96);

    QTextDocument doc;
    const QRectF page = writer.pageLayout().paintRectPixels(writer.resolution());
    layOutForPrint(doc, html, page.width());
    const qreal band = 28; // header and footer height, in pixels at 96 dpi
    doc.setPageSize(QSizeF(page.width(), page.height() - 2 * band));

    QPainter painter(&writer);
    const int pages = doc.pageCount();
    const QRectF body(0, band, page.width(), page.height() - 2 * band);
    for (int p = 0; p < pages; ++p) {
        if (p > 0)
            writer.newPage();
        painter.save();
        painter.setPen(QColor(0x5f, 0x6b, 0x76));
        painter.drawText(QRectF(0, 0, page.width(), band - 8), Qt::AlignLeft | Qt::AlignBottom,
                         title);
        painter.drawLine(QPointF(0, band - 4), QPointF(page.width(), band - 4));
        painter.drawText(QRectF(0, page.height() - band + 8, page.width(), band - 8),
                         Qt::AlignRight | Qt::AlignTop,
                         QStringLiteral("Page %1 of %2").arg(p + 1).arg(pages));
        painter.restore();

        painter.save();
        painter.translate(body.topLeft());
        painter.setClipRect(QRectF(0, 0, body.width(), body.height()));
        painter.translate(0, -p * body.height());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = QRectF(0, p * body.height(), body.width(), body.height());
        doc.documentLayout()->draw(&painter, context);
        painter.restore();
    }
    painter.end();
    return bytes;
}

} // namespace gputriage
