#pragma once

#include <QByteArray>
#include <QString>

namespace gputriage {

// Renders report HTML into a paged A4 PDF with a header (title) and a footer (page numbers).
// Needs a QGuiApplication (fonts); the CLI starts one on the offscreen platform.
QByteArray renderPdf(const QString &html, const QString &title);

} // namespace gputriage
