#include "jobprogress.h"

#include "jobtracker.h"

#include <QHBoxLayout>
#include <QProgressBar>
#include <QTimer>
#include <QToolButton>

namespace gputriage {

JobProgress::JobProgress(std::function<const JobState *()> state, QWidget *parent)
    : QWidget(parent)
    , m_state(std::move(state))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
    , m_timer(new QTimer(this))
{
    m_bar->setObjectName(QStringLiteral("progress"));
    m_bar->setMaximumWidth(220);
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the analysis and show what was found so far"));
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        m_cancel->setEnabled(false);
        Q_EMIT cancelRequested();
    });
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    m_timer->setInterval(100);
    connect(m_timer, &QTimer::timeout, this, &JobProgress::update);
    hide();
}

void JobProgress::setBusy(bool busy)
{
    m_bar->setRange(0, 0);
    m_cancel->setEnabled(true);
    setVisible(busy);
    if (busy)
        m_timer->start();
    else
        m_timer->stop();
}

void JobProgress::update()
{
    const JobState *job = m_state();
    if (!job || job->total <= 0) {
        m_bar->setRange(0, 0); // still reading: no total yet
        return;
    }
    m_bar->setRange(0, 1000);
    m_bar->setValue(int(std::clamp<qint64>(job->done * 1000 / job->total, 0, 1000)));
    m_bar->setFormat(QStringLiteral("%1 %").arg(job->done * 100 / job->total));
}

} // namespace gputriage
