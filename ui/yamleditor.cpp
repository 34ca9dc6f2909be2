#include "yamleditor.h"

#include "palette.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QFontDatabase>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

#include <set>

namespace gputriage {

class YamlGutter : public QWidget
{
public:
    explicit YamlGutter(YamlEditor *editor)
        : QWidget(editor)
        , m_editor(editor)
    {}
    QSize sizeHint() const override { return {m_editor->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent *event) override { m_editor->paintGutter(event); }

private:
    YamlEditor *m_editor;
};

YamlEditor::YamlEditor(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_gutter(new YamlGutter(this))
    , m_repository(std::make_unique<KSyntaxHighlighting::Repository>())
    , m_highlighter(new KSyntaxHighlighting::SyntaxHighlighter(document()))
{
    setObjectName(QStringLiteral("ruleEditor"));
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 2);
    m_highlighter->setDefinition(m_repository->definitionForName(QStringLiteral("YAML")));
    m_highlighter->setTheme(m_repository->themeForPalette(palette()));
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect &rect, int dy) {
        if (dy)
            m_gutter->scroll(0, dy);
        else
            m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
    });
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

YamlEditor::~YamlEditor() = default;

int YamlEditor::gutterWidth() const
{
    const int digits = QString::number(std::max(1, blockCount())).size();
    return 10 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(3, digits);
}

void YamlEditor::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    m_gutter->setGeometry(QRect(r.left(), r.top(), gutterWidth(), r.height()));
}

void YamlEditor::paintGutter(QPaintEvent *event)
{
    QPainter p(m_gutter);
    p.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    std::set<int> errorLines, warningLines;
    for (const Marker &m : m_markers)
        (m.error ? errorLines : warningLines).insert(m.line);
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        const int line = block.blockNumber() + 1;
        if (errorLines.count(line) || warningLines.count(line))
            p.fillRect(QRect(0, top, 4, height),
                       severityColor(errorLines.count(line) ? Severity::Error : Severity::Warning));
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRect(0, top, m_gutter->width() - 5, height), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(line));
        block = block.next();
        top += height;
    }
}

void YamlEditor::setDiagnostics(const QList<Diagnostic> &diagnostics)
{
    m_markers.clear();
    QList<QTextEdit::ExtraSelection> selections;
    for (const Diagnostic &d : diagnostics) {
        const int line = std::max(1, d.where.line);
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (!block.isValid())
            continue;
        const int column = std::clamp(d.where.column, 1, std::max(1, block.length()));
        m_markers.append({line, column, d.where.message, d.isError()});
        QTextCursor cursor(block);
        cursor.setPosition(block.position() + column - 1);
        cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        if (cursor.selectedText().trimmed().isEmpty()) { // at the line end: mark the whole line
            cursor.setPosition(block.position());
            cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        }
        QTextEdit::ExtraSelection selection;
        selection.cursor = cursor;
        selection.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        selection.format.setUnderlineColor(
            severityColor(d.isError() ? Severity::Error : Severity::Warning));
        selection.format.setToolTip(d.where.message);
        selections.append(selection);
    }
    setExtraSelections(selections);
    m_gutter->update();
}

bool YamlEditor::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int line = cursorForPosition(help->pos()).blockNumber() + 1;
        QStringList messages;
        for (const Marker &m : m_markers)
            if (m.line == line)
                messages << m.message;
        if (messages.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), messages.join(QLatin1Char('\n')), viewport());
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

void YamlEditor::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Tab && !(event->modifiers() & Qt::ControlModifier)) {
        insertPlainText(QStringLiteral("  "));
        return;
    }
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        // Keep the indentation; one level more after "key:" or a list item's "- key:".
        const QString line = textCursor().block().text().left(textCursor().positionInBlock());
        QString indent;
        for (const QChar c : line) {
            if (c != QLatin1Char(' '))
                break;
            indent += c;
        }
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(QLatin1String("- ")))
            indent += QLatin1String("  ");
        if (trimmed.endsWith(QLatin1Char(':')) || trimmed.endsWith(QLatin1Char('|'))
            || trimmed.endsWith(QLatin1Char('>')))
            indent += QLatin1String("  ");
        insertPlainText(QLatin1Char('\n') + indent);
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

} // namespace gputriage
