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

} // namespace gputriage
