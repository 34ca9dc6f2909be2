#pragma once

#include "rules/ruleset.h"

#include <QPlainTextEdit>

#include <memory>

namespace KSyntaxHighlighting {
class Repository;
class SyntaxHighlighter;
} // namespace KSyntaxHighlighting

namespace gputriage {

// A YAML editor: line numbers, two-space indentation kept on Enter and inserted by Tab, and
// problems underlined at their line:col with the message as a tooltip.
class YamlEditor : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit YamlEditor(QWidget *parent = nullptr);
    ~YamlEditor() override;

    void setDiagnostics(const QList<Diagnostic> &diagnostics);
    // The underlined ranges: (1-based line, 1-based column, message).
    struct Marker
    {
        int line, column;
        QString message;
        bool error;
    };
    const QList<Marker> &markers() const { return m_markers; }
    int gutterWidth() const;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    friend class YamlGutter;
    void paintGutter(QPaintEvent *event);
    QWidget *m_gutter;
    QList<Marker> m_markers;
    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    KSyntaxHighlighting::SyntaxHighlighter *m_highlighter;
};

} // namespace gputriage
