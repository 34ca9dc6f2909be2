#pragma once

#include <QByteArray>
#include <QString>

class QTextDocument;

namespace gputriage {

// Renders report HTML into a paged A4 PDF with a header (title) and a footer (page numbers).
// Needs a QGuiApplication (fonts); the CLI starts one on the offscreen platform.
QByteArray renderPdf(const QString &html, const QString &title);

// The report HTML as QTextDocument shows it well (for the PDF and the export preview): the
// browser style sheet replaced by table borders and severity colours, SVG pictures by images
// added to `doc` (left out without one); use with printStyleSheet.
QString printableHtml(QString html, QTextDocument *doc);
QString printStyleSheet();

// Lays report HTML out on `doc` as a PDF page `width` pixels wide (96 dpi) shows it: the print
// style, and preformatted lines (the evidence) wrapped at blanks (wrapPreformatted()).
void layOutForPrint(QTextDocument &doc, const QString &html, qreal width);
// Each line of the <pre> blocks broken at blanks into lines of at most `columns` characters; a
// run without blanks longer than that is cut at that length. QTextDocument would break inside
// a word at a hyphen, slash or dot while a blank earlier on the line would do.
QString wrapPreformatted(const QString &html, int columns);

} // namespace gputriage
