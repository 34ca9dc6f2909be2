#include "logview.h"

#include "severitycolor.h"

#include "text/logdocument.h"
#include "text/normalizer.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>

namespace gputriage {

namespace {
constexpr int kMaxDisplayColumns = 4000; // longer lines are cut for display only
}

// Collects the formats KSyntaxHighlighting assigns to one line.
class LineHighlighter : public KSyntaxHighlighting::AbstractHighlighter
{
public:
    struct Run
    {
        int offset, length;
        KSyntaxHighlighting::Format format;
    };
    std::vector<Run> highlight(QStringView text)
    {
        m_runs.clear();
        if (definition().isValid())
            highlightLine(text, KSyntaxHighlighting::State());
        return std::move(m_runs);
    }

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override
    {
        m_runs.push_back({offset, length, format});
    }

private:
    std::vector<Run> m_runs;
};

LogView::LogView(QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_repository(std::make_unique<KSyntaxHighlighting::Repository>())
    , m_highlighter(std::make_unique<LineHighlighter>())
{
    setObjectName(QStringLiteral("logView"));
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setFocusPolicy(Qt::StrongFocus);
    auto definition = m_repository->definitionForName(QStringLiteral("Log File (advanced)"));
    if (!definition.isValid())
        definition = m_repository->definitionForName(QStringLiteral("Log File (simplified)"));
    m_highlighter->setDefinition(definition);
    applyTheme();
}

LogView::~LogView() = default;

void LogView::applyTheme()
{
    m_highlighter->setTheme(m_repository->themeForPalette(palette()));
    viewport()->update();
}

void LogView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
    QAbstractScrollArea::changeEvent(event);
}

void LogView::setDocument(std::shared_ptr<const LogDocument> doc)
{
    m_doc = std::move(doc);
    m_marks.clear();
    m_searchHits.clear();
    m_current = -1;
    m_maxColumns = 0;
    m_painted = false;
    verticalScrollBar()->setValue(0);
    horizontalScrollBar()->setValue(0);
    updateScrollBars();
    viewport()->update();
    Q_EMIT documentChanged();
}

void LogView::setSearchHits(std::vector<int> lines)
{
    m_searchHits = std::move(lines);
    viewport()->update();
}

bool LogView::isSearchHit(int line) const
{
    return std::binary_search(m_searchHits.begin(), m_searchHits.end(), line);
}

void LogView::setMatches(const std::vector<LineMatch> &matches,
                         const std::vector<std::optional<Severity>> &ruleSeverity)
{
    m_marks.clear();
    for (const LineMatch &m : matches) {
        if (!ruleSeverity.at(size_t(m.rule)))
            continue;
        const Severity s = *ruleSeverity.at(size_t(m.rule));
        for (int line = m.line; line <= m.endLine; ++line) {
            Mark &mark = m_marks[line];
            mark.severity = std::max(mark.severity, s);
            if (line == m.line)
                mark.spans.emplace_back(m.start, m.end);
        }
    }
    viewport()->update();
}

std::optional<Severity> LogView::lineSeverity(int line) const
{
    const auto it = m_marks.find(line);
    return it == m_marks.end() ? std::nullopt : std::optional<Severity>(it->second.severity);
}

int LogView::lineHeight() const
{
    return fontMetrics().height();
}

int LogView::gutterWidth() const
{
    const int digits = QString::number(m_doc ? m_doc->lineNumber(m_doc->lineCount()) : 1).size();
    return fontMetrics().horizontalAdvance(QLatin1Char('9')) * (digits + 2);
}

int LogView::firstVisibleLine() const
{
    return verticalScrollBar()->value();
}

int LogView::visibleLineCount() const
{
    return std::max(1, viewport()->height() / std::max(1, lineHeight()));
}

void LogView::updateScrollBars()
{
    const int lines = m_doc ? m_doc->lineCount() : 0;
    verticalScrollBar()->setRange(0, std::max(0, lines - visibleLineCount() + 1));
    verticalScrollBar()->setPageStep(visibleLineCount());
    const int charWidth = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    const int textWidth = viewport()->width() - gutterWidth();
    horizontalScrollBar()->setRange(
        0, std::max(0, m_maxColumns * charWidth - textWidth + 4 * charWidth));
    horizontalScrollBar()->setPageStep(std::max(1, textWidth));
    horizontalScrollBar()->setSingleStep(charWidth * 4);
}

void LogView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

void LogView::setCurrentLine(int line)
{
    if (!m_doc || line < 0 || line >= m_doc->lineCount())
        return;
    m_current = line;
    const int first = firstVisibleLine();
    if (line < first || line >= first + visibleLineCount() - 1)
        verticalScrollBar()->setValue(std::max(0, line - visibleLineCount() / 3));
    horizontalScrollBar()->setValue(0);
    viewport()->update();
    Q_EMIT currentLineChanged(line);
}

void LogView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    const QPalette pal = palette();
    p.fillRect(viewport()->rect(), pal.color(QPalette::Base));
    if (!m_doc)
        return;

    const int lh = lineHeight();
    const int ascent = fontMetrics().ascent();
    const int gutter = gutterWidth();
    const int xOffset = horizontalScrollBar()->value();
    const int first = firstVisibleLine();
    const int last = std::min(m_doc->lineCount(), first + visibleLineCount() + 1);
    const QFont normalFont = font();
    QFont boldFont = font();
    boldFont.setBold(true);
    int widest = m_maxColumns;

    p.fillRect(QRect(0, 0, gutter, viewport()->height()), pal.color(QPalette::AlternateBase));
    for (int line = first; line < last; ++line) {
        const int y = (line - first) * lh;
        const std::string_view raw = m_doc->line(line);
        QString text = QString::fromUtf8(
            raw.data(), qsizetype(std::min<size_t>(raw.size(), kMaxDisplayColumns * 4)));
        if (text.size() > kMaxDisplayColumns)
            text = text.left(kMaxDisplayColumns) + QChar(0x2026);
        text.replace(QLatin1Char('\t'), QLatin1Char(' '));
        widest = std::max(widest, int(text.size()));

        const auto mark = m_marks.find(line);
        const QRect row(gutter, y, viewport()->width() - gutter, lh);
        if (line == m_current)
            p.fillRect(row, pal.color(QPalette::Highlight)
                                .lighter(pal.color(QPalette::Base).lightness() > 128 ? 170 : 60));
        else if (mark != m_marks.end())
            p.fillRect(row, severityColor(mark->second.severity, 45));
        if (mark != m_marks.end())
            p.fillRect(QRect(gutter - 4, y, 4, lh), severityColor(mark->second.severity, 255));
        if (isSearchHit(line))
            p.fillRect(QRect(gutter, y, 6, lh), QColor(0xf0, 0xc0, 0x20));

        p.setFont(normalFont);
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(QRect(0, y, gutter - 8, lh), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(m_doc->lineNumber(line)));

        p.save();
        p.setClipRect(QRect(gutter + 2, y, viewport()->width() - gutter - 2, lh));
        const int x0 = gutter + 6 - xOffset;
        auto xAt = [&](int column) {
            return x0 + fontMetrics().horizontalAdvance(text.left(column));
        };

        // Matched spans: map normalized byte offsets back to characters of the original line.
        if (mark != m_marks.end() && !mark->second.spans.empty()) {
            std::string normalized;
            std::vector<uint32_t> map;
            Normalizer::normalize(raw, normalized, &map);
            for (const auto &[start, end] : mark->second.spans) {
                if (map.empty() || start >= int(map.size()))
                    continue;
                const int lastByte = int(map[size_t(std::min<int>(end, int(map.size())) - 1)]) + 1;
                const int a = int(QString::fromUtf8(raw.data(), map[size_t(start)]).size());
                const int b = int(QString::fromUtf8(raw.data(), lastByte).size());
                p.fillRect(
                    QRect(xAt(a), y + 1, xAt(std::min<int>(b, text.size())) - xAt(a), lh - 2),
                    severityColor(mark->second.severity, 90));
            }
        }

        const auto runs = m_highlighter->highlight(text);
        int column = 0;
        auto drawPlain = [&](int from, int to) {
            if (to <= from)
                return;
            p.setFont(normalFont);
            p.setPen(pal.color(QPalette::Text));
            p.drawText(xAt(from), y + ascent, text.mid(from, to - from));
        };
        for (const auto &run : runs) {
            drawPlain(column, run.offset);
            p.setFont(run.format.isBold(m_highlighter->theme()) ? boldFont : normalFont);
            p.setPen(run.format.hasTextColor(m_highlighter->theme())
                         ? run.format.textColor(m_highlighter->theme())
                         : pal.color(QPalette::Text));
            p.drawText(xAt(run.offset), y + ascent, text.mid(run.offset, run.length));
            column = run.offset + run.length;
        }
        drawPlain(column, int(text.size()));
        p.restore();
    }
    if (widest != m_maxColumns) {
        m_maxColumns = widest;
        updateScrollBars();
    }
    if (!m_painted) {
        m_painted = true;
        Q_EMIT documentPainted();
    }
}

void LogView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_doc) {
        const int line = firstVisibleLine() + int(event->position().y()) / lineHeight();
        if (line < m_doc->lineCount()) {
            m_current = line;
            viewport()->update();
            Q_EMIT currentLineChanged(line);
        }
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void LogView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy) && m_doc && m_current >= 0) {
        QApplication::clipboard()->setText(m_doc->lineText(m_current));
        return;
    }
    if (m_doc && (event->key() == Qt::Key_Down || event->key() == Qt::Key_Up)) {
        setCurrentLine(std::clamp(m_current + (event->key() == Qt::Key_Down ? 1 : -1), 0,
                                  m_doc->lineCount() - 1));
        return;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

} // namespace gputriage
