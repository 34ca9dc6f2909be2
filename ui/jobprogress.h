#pragma once

#include <QWidget>

#include <functional>

class QProgressBar;
class QTimer;
class QToolButton;

namespace gputriage {

struct JobState;

// The status bar's progress of a background job, with a button to cancel it: a busy bar
// until the job knows its total, then the share done, read from the job ten times a second.
class JobProgress : public QWidget
{
    Q_OBJECT

public:
    // `state` gives the running job's state (null when there is none).
    explicit JobProgress(std::function<const JobState *()> state, QWidget *parent = nullptr);

    void setBusy(bool busy);

Q_SIGNALS:
    void cancelRequested();

private:
    void update();

    std::function<const JobState *()> m_state;
    QProgressBar *m_bar;
    QToolButton *m_cancel;
    QTimer *m_timer;
};

} // namespace gputriage
