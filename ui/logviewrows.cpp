#include "logview.h"

#include "text/logdocument.h"

#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QVBoxLayout>

#include <algorithm>

namespace gputriage {

void LogView::setWrap(bool wrap)
{
    if (wrap == m_wrap)
        return;
    m_wrap = wrap;
    setHorizontalScrollBarPolicy(wrap ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    horizontalScrollBar()->setValue(0);
    updateScrollBars();
    viewport()->update();
}

int LogView::wrapColumnCount() const
{
    // Fractional advances: a 7.2 px glyph counted as 7 would push the row's end out of view.
    const double width = viewport()->width() - gutterWidth() - 12;
    const double advance = std::max(1.0, QFontMetricsF(font()).horizontalAdvance(QLatin1Char('x')));
    return std::max(20, int(width / advance));
}

int LogView::segmentCount(LineNumber line) const
{
    if (!m_wrap)
        return 1;
    const int columns = wrapColumnCount();
    return std::max(1, int((displayText(line).size() + columns - 1) / columns));
}

std::pair<ViewRow, int> LogView::rowAndSegmentAt(int y) const
{
    const int lh = std::max(1, lineHeight());
    ViewRow row = topRow();
    int rowsAbove = std::max(0, y) / lh; // wrapped rows between the top and y
    for (; row <= lastRow(); ++row) {
        const int segments = segmentCount(lineOfRow(row));
        if (rowsAbove < segments)
            return {row, rowsAbove};
        rowsAbove -= segments;
    }
    return {ViewRow(0) + rowCount(), 0};
}

void LogView::showWholeLine(LineNumber line)
{
    if (!hasLine(line))
        return;
    const std::string_view full = m_doc->line(line);
    const bool cut = qint64(full.size()) > kMaxWholeLineBytes;
    const std::string_view raw = full.substr(0, size_t(kMaxWholeLineBytes));
    // The line is shown wrapped in rows of another log view, which lays out only the rows in
    // view: a 10 MB line opens at once. A row ends after a blank near its end when there is
    // one, never inside a UTF-8 sequence; the rows joined are the line.
    QByteArray rows;
    rows.reserve(qsizetype(raw.size() + raw.size() / kWholeLineRowBytes + 1));
    std::vector<size_t> rowStarts;
    for (size_t at = 0; at < raw.size();) {
        size_t end = std::min(raw.size(), at + kWholeLineRowBytes);
        if (end < raw.size()) {
            while (end > at + 1 && (uchar(raw[end]) & 0xC0) == 0x80)
                --end;
            for (size_t b = end; b > at + kWholeLineRowBytes * 3 / 4; --b)
                if (raw[b - 1] == ' ') {
                    end = b;
                    break;
                }
        }
        rowStarts.push_back(at);
        rows.append(raw.data() + at, qsizetype(end - at));
        rows += '\n';
        at = end;
    }
    // Where to open it: the first search hit on the line, else the text a rule matched.
    std::optional<size_t> target;
    if (m_search && isSearchHit(line))
        if (const auto spans = m_search->spans(raw, 1); !spans.empty())
            target = size_t(spans.front().first);
    if (const auto mark = m_marks.find(line);
        !target && mark != m_marks.end() && !mark->second.spans.empty()) {
        if (const auto start = size_t(mark->second.spans.front().first.get()); start < raw.size())
            target = start;
    }

    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("wholeLineDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString title = tr("%1, line %2").arg(m_doc->path()).arg(m_doc->lineNumber(line));
    dialog->setWindowTitle(title);
    auto *view = new LogView(dialog);
    view->setObjectName(QStringLiteral("wholeLineView"));
    view->setFont(font());
    view->setThemeName(m_themeName);
    view->setDocument(LogDocument::fromBytes(std::move(rows), title));
    if (m_search && isSearchHit(line)) {
        view->setSearch(m_search);
        view->setSearchHits(searchLines(*view->document(), *m_search));
    }
    if (target) {
        const auto row = std::upper_bound(rowStarts.begin(), rowStarts.end(), *target);
        view->setCurrentLine(LineNumber(int(row - rowStarts.begin()) - 1));
    }
    QString about = cut ? tr("%L1 bytes; the first %2 MiB are shown")
                              .arg(qint64(full.size()))
                              .arg(kMaxWholeLineBytes >> 20)
                        : tr("%L1 bytes").arg(qint64(raw.size()));
    if (rowStarts.size() > 1)
        about += tr(", wrapped in %L1 rows").arg(qint64(rowStarts.size()));
    auto *info = new QLabel(about + QLatin1Char('.'), dialog);
    info->setObjectName(QStringLiteral("wholeLineInfo"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QPushButton *copyLine = buttons->addButton(tr("Copy Line"), QDialogButtonBox::ActionRole);
    copyLine->setObjectName(QStringLiteral("wholeLineCopy"));
    connect(copyLine, &QPushButton::clicked, this, [this, line] {
        if (hasLine(line)) {
            const std::string_view text = m_doc->line(line);
            QApplication::clipboard()->setText(QString::fromUtf8(
                text.substr(0, std::min<size_t>(text.size(), size_t(kMaxCopyBytes)))));
        }
    });
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(view, 1);
    layout->addWidget(info);
    layout->addWidget(buttons);
    dialog->resize(900, 500);
    dialog->show();
    view->setFocus();
}

} // namespace gputriage
