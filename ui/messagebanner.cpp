#include "messagebanner.h"

#include "palette.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace gputriage {

MessageBanner::MessageBanner(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("banner"));
    setAutoFillBackground(true);
    setFrameShape(QFrame::NoFrame);
    m_label->setObjectName(QStringLiteral("bannerText"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_close->setObjectName(QStringLiteral("bannerClose"));
    m_close->setAutoRaise(true);
    m_close->setText(QStringLiteral("\u2715"));
    m_close->setToolTip(tr("Close this message"));
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 4, 6);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    updateColours();
    hide();
}

void MessageBanner::setText(const QString &text)
{
    m_label->setText(text);
    setVisible(!text.isEmpty());
}

void MessageBanner::append(const QString &text)
{
    const QString shown = isVisible() ? m_label->text() : QString();
    if (!shown.contains(text))
        setText(shown.isEmpty() ? text : shown + QLatin1Char('\n') + text);
}

QString MessageBanner::text() const
{
    return m_label->text();
}

void MessageBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        updateColours();
    QFrame::changeEvent(event);
}

void MessageBanner::updateColours()
{
    // The banner's own colours on the application's (light or dark) palette.
    const ViewPalette &vp = ViewPalette::ofApplication();
    QPalette p = palette();
    if (p.color(QPalette::Window) == vp.bannerBackground
        && p.color(QPalette::WindowText) == vp.bannerText)
        return; // setPalette() below sends a PaletteChange of its own
    for (QPalette::ColorRole role : {QPalette::Window, QPalette::Base, QPalette::Button})
        p.setColor(role, vp.bannerBackground);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(role, vp.bannerText);
    setPalette(p);
}

} // namespace gputriage
