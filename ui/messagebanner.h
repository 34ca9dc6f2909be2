#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

namespace gputriage {

// A message above the workspace (as KMessageWidget): problems with the bundle or the rules,
// or why an action did nothing. Selectable text in the palette's banner colours (light or
// dark with the theme), a button to close it; hidden while there is no text.
class MessageBanner : public QFrame
{
    Q_OBJECT

public:
    explicit MessageBanner(QWidget *parent = nullptr);

    void setText(const QString &text); // empty hides the banner
    // Adds a paragraph to what is shown (or shows it alone), unless it is already there.
    void append(const QString &text);
    QString text() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateColours();

    QLabel *m_label;
    QToolButton *m_close;
};

} // namespace gputriage
