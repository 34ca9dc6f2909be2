#include "pdfexport.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>

namespace gputriage {

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
    doc.setDefaultStyleSheet(QStringLiteral("body { font-family: sans-serif; font-size: 10pt; } "
                                            "pre, code { font-family: monospace; font-size: 8pt; }"
                                            "th { background-color: #eef1f4; } .sev { font-weight: "
                                            "bold; } .muted, .meta { color: #5f6b76; }"
                                            "pre { white-space: pre-wrap; }"));
    doc.setHtml(html);
    const QRectF page = writer.pageLayout().paintRectPixels(writer.resolution());
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
