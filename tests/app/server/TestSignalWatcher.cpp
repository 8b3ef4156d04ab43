// SPDX-License-Identifier: Apache-2.0
// The server's SignalWatcher in-process: SIGINT and SIGTERM (raised at this thread, where the
// watcher blocks them) and interrupt() end wait() with the right answer, a pending interrupt
// dies with the watcher, and the signal mask comes back.
#include "SignalWatcher.h"
#include "TestRegistry.h"

#include <QTest>

#include <csignal>
#include <thread>

using lance::server::SignalWatcher;

class TestSignalWatcher : public QObject
{
    Q_OBJECT

private slots:
    void interruptBeforeWaitIsNotLost();
    void interruptFromAnotherThreadEndsTheWait();
#ifndef Q_OS_WIN
    void signalsEndTheWaitWithTheirNumber_data();
    void signalsEndTheWaitWithTheirNumber();
    void anUnwaitedInterruptDiesWithTheWatcher();
#endif
};

void TestSignalWatcher::interruptBeforeWaitIsNotLost()
{
    SignalWatcher watcher;
    watcher.interrupt();
    QCOMPARE(watcher.wait(), 0);
}

void TestSignalWatcher::interruptFromAnotherThreadEndsTheWait()
{
    SignalWatcher watcher;
    // Whether it comes before or during wait(), the answer is the same.
    std::thread other([&watcher] { watcher.interrupt(); });
    const int answer = watcher.wait();
    other.join();
    QCOMPARE(answer, 0);
}

#ifndef Q_OS_WIN
void TestSignalWatcher::signalsEndTheWaitWithTheirNumber_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGINT") << SIGINT;
    QTest::newRow("SIGTERM") << SIGTERM;
}

void TestSignalWatcher::signalsEndTheWaitWithTheirNumber()
{
    QFETCH(int, signal);
    SignalWatcher watcher;
    // raise() targets this thread, which the watcher made block the signal: it stays pending
    // for wait() instead of ending the test.
    QCOMPARE(std::raise(signal), 0);
    QCOMPARE(watcher.wait(), signal);
}

void TestSignalWatcher::anUnwaitedInterruptDiesWithTheWatcher()
{
    sigset_t before;
    QCOMPARE(pthread_sigmask(SIG_SETMASK, nullptr, &before), 0);
    QCOMPARE(sigismember(&before, SIGTERM), 0);
    {
        SignalWatcher watcher;
        sigset_t during;
        QCOMPARE(pthread_sigmask(SIG_SETMASK, nullptr, &during), 0);
        QCOMPARE(sigismember(&during, SIGINT), 1);
        QCOMPARE(sigismember(&during, SIGTERM), 1);
        watcher.interrupt(); // a SIGTERM, pending until the watcher goes
    }
    // Had the pending SIGTERM survived the watcher, its default action would have ended the
    // test process here, when the mask came back.
    sigset_t after;
    QCOMPARE(pthread_sigmask(SIG_SETMASK, nullptr, &after), 0);
    QCOMPARE(sigismember(&after, SIGTERM), 0);
    sigset_t pending;
    QCOMPARE(sigpending(&pending), 0);
    QCOMPARE(sigismember(&pending, SIGTERM), 0);
}
#endif

LCB_TEST_GUILESS_MAIN(TestSignalWatcher)
#include "TestSignalWatcher.moc"
