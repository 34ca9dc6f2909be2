// The one idiom for work off the GUI thread: results arrive on the GUI thread, a newer job
// replaces an older one, a cancelled job still reports what it has, a gone owner gets nothing.

#include "jobtracker.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <memory>

using namespace gputriage;

class TestJobTracker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theResultArrivesOnTheGuiThread()
    {
        QObject owner;
        JobTracker jobs(&owner);
        QThread *worker = nullptr;
        QThread *delivered = nullptr;
        int result = 0;
        jobs.start(
            [&worker](JobState &) {
                worker = QThread::currentThread();
                return 42;
            },
            [&](int value) {
                delivered = QThread::currentThread();
                result = value;
            });
        QVERIFY(jobs.isRunning());
        QTRY_COMPARE(result, 42);
        QVERIFY(worker != QThread::currentThread());
        QCOMPARE(delivered, QThread::currentThread());
        QVERIFY(!jobs.isRunning());
    }

    void aNewerJobReplacesTheOlderOne()
    {
        QObject owner;
        JobTracker jobs(&owner);
        std::atomic<bool> firstSawCancel{false};
        QStringList results;
        jobs.start(
            [&firstSawCancel](JobState &job) {
                while (!job.cancel)
                    QThread::msleep(1);
                firstSawCancel = true;
                return QStringLiteral("first");
            },
            [&results](const QString &r) { results << r; });
        jobs.start([](JobState &) { return QStringLiteral("second"); },
                   [&results](const QString &r) { results << r; });
        QTRY_VERIFY(firstSawCancel.load());
        QTRY_COMPARE(results, QStringList{QStringLiteral("second")});
        QTest::qWait(50); // the first one's result, had it been delivered, would be here now
        QCOMPARE(results, QStringList{QStringLiteral("second")});
    }

    void aCancelledJobStillReportsWhatItHas()
    {
        QObject owner;
        JobTracker jobs(&owner);
        int result = -1;
        jobs.start(
            [](JobState &job) {
                int done = 0;
                while (!job.cancel) {
                    job.done = ++done;
                    QThread::msleep(1);
                }
                return done;
            },
            [&result](int done) { result = done; });
        QTRY_VERIFY(jobs.state() && jobs.state()->done > 3);
        jobs.cancel();
        QTRY_VERIFY(result > 3);
    }

    void aDiscardedJobOrAGoneOwnerGetsNothing()
    {
        int delivered = 0;
        {
            QObject owner;
            JobTracker jobs(&owner);
            jobs.start([](JobState &) { return 1; }, [&delivered](int) { ++delivered; });
            jobs.discard();
            QVERIFY(!jobs.isRunning());
        }
        auto owner = std::make_unique<QObject>();
        auto jobs = std::make_unique<JobTracker>(owner.get());
        std::atomic<bool> go{false};
        jobs->start(
            [&go](JobState &) {
                while (!go)
                    QThread::msleep(1);
                return 2;
            },
            [&delivered](int) { ++delivered; });
        jobs.reset(); // asks the job to stop; the owner goes too
        owner.reset();
        go = true;
        QTest::qWait(100);
        QCOMPARE(delivered, 0);
    }
};

QTEST_GUILESS_MAIN(TestJobTracker)
#include "tst_jobtracker.moc"
