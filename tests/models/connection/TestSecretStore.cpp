// SPDX-License-Identifier: Apache-2.0
// SecretStore: the real qtkeychain with no keychain service running (this machine and CI have no
// Secret Service and no D-Bus session), and fake backends that work, refuse, or never answer.
// In every case the calls return at once and the secrets keep working.
#include "PostedEvents.h"
#include "TestConnections.h"
#include "TestRegistry.h"
#include "connection/SecretStore.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::connection::SecretBackend;
using lance::connection::SecretStore;
using lance::test::TestConnections;

namespace {

const QString Secret = u"sk-test-5b7e2a91"_s;
// What "returns at once" means here: far below a frame, with room for a loaded CI machine.
constexpr qint64 ImmediateMs = 50;

// A keychain as the test tells it to be. Answers are queued, like a real one's.
class FakeBackend : public SecretBackend
{
public:
    enum class Mode { Working, Silent, Unavailable, Denied };
    explicit FakeBackend(Mode mode)
        : m_mode(mode)
    {}

    void start(Operation operation, const QString &key, const QString &secret, Done done) override
    {
        ++calls;
        if (m_mode == Mode::Silent) {
            m_neverAnswered.append(std::move(done));
            return;
        }
        Outcome outcome;
        switch (m_mode) {
        case Mode::Unavailable:
            outcome.status = Outcome::Status::Unavailable;
            outcome.problem = u"No keychain service available"_s;
            break;
        case Mode::Denied:
            outcome.status = Outcome::Status::Denied;
            outcome.problem = u"Access to keychain denied"_s;
            break;
        default:
            outcome = apply(operation, key, secret);
            break;
        }
        QMetaObject::invokeMethod(
            &m_context, [done = std::move(done), outcome] { done(outcome); }, Qt::QueuedConnection);
    }

    QHash<QString, QString> entries;
    int calls = 0;

private:
    Outcome apply(Operation operation, const QString &key, const QString &secret)
    {
        Outcome outcome;
        outcome.status = Outcome::Status::Done;
        switch (operation) {
        case Operation::Read:
            if (!entries.contains(key)) {
                outcome.status = Outcome::Status::NotFound;
            }
            outcome.secret = entries.value(key);
            break;
        case Operation::Write:
            entries.insert(key, secret);
            break;
        case Operation::Remove:
            if (!entries.remove(key)) {
                outcome.status = Outcome::Status::NotFound;
            }
            break;
        }
        return outcome;
    }

    Mode m_mode;
    QObject m_context; //!< answers still queued die with the backend
    QList<Done> m_neverAnswered;
};

// The answer of one store call, and whether it came inside the call (it must not).
template <typename T> struct Answer
{
    std::optional<T> value;
    int calls = 0;
};

} // namespace

class TestSecretStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void fallsBackWhenNoKeychainServiceRuns();
    void probeReportsTheStateAtStartUp();
    void aKeychainThatNeverAnswersTimesOut();
    void aWorkingKeychainPersists();
    void aRefusingKeychainFallsBack();
    void renamesSecrets();
    void answersLaterAndOnlyLiveContexts();

private:
    std::pair<std::unique_ptr<SecretStore>, FakeBackend *> fakeStore(FakeBackend::Mode mode)
    {
        auto backend = std::make_unique<FakeBackend>(mode);
        FakeBackend *raw = backend.get();
        return {std::make_unique<SecretStore>(std::move(backend)), raw};
    }
    // The secret read, nothing, or "<no answer>" when none came (so no comparison passes).
    std::optional<QString> readNow(SecretStore &store, const QString &profile)
    {
        Answer<std::optional<QString>> answer;
        store.readSecret(profile, this, [&answer](std::optional<QString> secret) {
            answer.value = std::move(secret);
            ++answer.calls;
        });
        if (!QTest::qWaitFor([&answer] { return answer.calls > 0; }, 10000)) {
            return u"<no answer>"_s;
        }
        return *answer.value;
    }
};

void TestSecretStore::initTestCase()
{
    // The entries would be under TestConnections::KeychainService anyway, but no real keychain is
    // touched at all.
    lance::test::TestConnections::disableKeychain();
}

void TestSecretStore::fallsBackWhenNoKeychainServiceRuns()
{
    SecretStore store(TestConnections::KeychainService);
    QCOMPARE(store.storage(), SecretStore::Storage::Unknown);
    QSignalSpy memoryOnly(&store, &SecretStore::memoryOnly);
    QSignalSpy storageChanged(&store, &SecretStore::storageChanged);

    Answer<bool> written;
    QElapsedTimer clock;
    clock.start();
    store.writeSecret(u"Prod"_s, Secret, this, [&written](bool persisted) {
        written.value = persisted;
        ++written.calls;
    });
    const qint64 callMs = clock.elapsed();
    QVERIFY2(callMs < ImmediateMs, qPrintable(u"writeSecret() took %1 ms"_s.arg(callMs)));
    QCOMPARE(written.calls, 0); // answered later, never inside the call

    QVERIFY(memoryOnly.wait(SecretStore::DefaultTimeoutMs + 2000));
    const qint64 fallbackMs = clock.elapsed();
    QTRY_COMPARE(written.calls, 1);
    QCOMPARE(written.value, false);
    const QString reason = memoryOnly.first().first().toString();
    qInfo().noquote() << "no keychain: call returned in" << callMs << "ms, fell back after"
                      << fallbackMs << "ms:" << reason;
    QVERIFY(reason.endsWith(u"secrets are kept in memory until the browser quits."_s));
    QVERIFY(!reason.contains(Secret));
    QCOMPARE(store.memoryOnlyReason(), reason);
    QCOMPARE(store.storage(), SecretStore::Storage::Memory);
    QVERIFY(!store.isPersistent());
    QCOMPARE(storageChanged.count(), 1);

    // The secret works for the rest of the session, and every call still returns at once.
    clock.restart();
    QCOMPARE(readNow(store, u"Prod"_s), Secret);
    QCOMPARE(readNow(store, u"Other"_s), std::nullopt);
    store.removeSecret(u"Prod"_s);
    QCOMPARE(readNow(store, u"Prod"_s), std::nullopt);
    QVERIFY2(clock.elapsed() < 1000, "memory answers should take an event loop turn, no more");
    QCOMPARE(memoryOnly.count(), 1); // said once
}

void TestSecretStore::probeReportsTheStateAtStartUp()
{
    SecretStore store(TestConnections::KeychainService);
    QSignalSpy memoryOnly(&store, &SecretStore::memoryOnly);
    QElapsedTimer clock;
    clock.start();
    store.probe();
    QVERIFY(clock.elapsed() < ImmediateMs);
    QVERIFY(memoryOnly.wait(SecretStore::DefaultTimeoutMs + 2000));
    QVERIFY(!store.isPersistent());
}

void TestSecretStore::aKeychainThatNeverAnswersTimesOut()
{
    auto [store, backend] = fakeStore(FakeBackend::Mode::Silent);
    store->setTimeoutMs(200);
    QSignalSpy memoryOnly(store.get(), &SecretStore::memoryOnly);

    Answer<bool> written;
    Answer<std::optional<QString>> read;
    QElapsedTimer clock;
    clock.start();
    store->writeSecret(u"Prod"_s, Secret, this, [&written](bool persisted) {
        written.value = persisted;
        ++written.calls;
    });
    store->readSecret(u"Prod"_s, this, [&read](std::optional<QString> secret) {
        read.value = std::move(secret);
        ++read.calls;
    });
    QVERIFY(clock.elapsed() < ImmediateMs);

    QVERIFY(memoryOnly.wait(5000));
    QVERIFY(clock.elapsed() >= 190); // a coarse timer may fire up to 5% early
    QCOMPARE(memoryOnly.first().first().toString(),
             u"The keychain did not answer within 0.2 seconds; secrets are kept in memory until "
             "the browser quits."_s);
    // Both were answered when the first timed out: one timeout, not one per request.
    QTRY_COMPARE(written.calls, 1);
    QTRY_COMPARE(read.calls, 1);
    QCOMPARE(written.value, false);
    QCOMPARE(*read.value, std::optional<QString>(Secret));
    QVERIFY(clock.elapsed() < 1000);

    // From now on the keychain is not asked again.
    const int calls = backend->calls;
    QCOMPARE(readNow(*store, u"Prod"_s), Secret);
    QCOMPARE(backend->calls, calls);
}

void TestSecretStore::aWorkingKeychainPersists()
{
    auto [store, backend] = fakeStore(FakeBackend::Mode::Working);
    QSignalSpy storageChanged(store.get(), &SecretStore::storageChanged);
    Answer<bool> written;
    store->writeSecret(u"Prod"_s, Secret, this, [&written](bool persisted) {
        written.value = persisted;
        ++written.calls;
    });
    QTRY_COMPARE(written.calls, 1);
    QCOMPARE(written.value, true);
    QVERIFY(store->isPersistent());
    QCOMPARE(storageChanged.count(), 1);
    QCOMPARE(backend->entries, (QHash<QString, QString>{{u"profile/Prod"_s, Secret}}));

    // Reads go to the keychain: an entry written by an earlier session is found.
    backend->entries.insert(u"profile/Earlier"_s, u"from-last-week"_s);
    QCOMPARE(readNow(*store, u"Earlier"_s), u"from-last-week"_s);
    QCOMPARE(readNow(*store, u"Missing"_s), std::nullopt);
    bool removed = false;
    store->removeSecret(u"Prod"_s, this, [&removed] { removed = true; });
    QTRY_VERIFY(removed);
    QVERIFY(!backend->entries.contains(u"profile/Prod"_s));
    QVERIFY(store->memoryOnlyReason().isEmpty());
}

void TestSecretStore::aRefusingKeychainFallsBack()
{
    auto [store, backend] = fakeStore(FakeBackend::Mode::Denied);
    QSignalSpy memoryOnly(store.get(), &SecretStore::memoryOnly);
    store->writeSecret(u"Prod"_s, Secret);
    QVERIFY(memoryOnly.wait(5000));
    QCOMPARE(memoryOnly.first().first().toString(),
             u"The keychain refused access (Access to keychain denied); secrets are kept in "
             "memory until the browser quits."_s);
    QCOMPARE(readNow(*store, u"Prod"_s), Secret);
}

void TestSecretStore::renamesSecrets()
{
    for (const FakeBackend::Mode mode :
         {FakeBackend::Mode::Working, FakeBackend::Mode::Unavailable}) {
        auto [store, backend] = fakeStore(mode);
        store->writeSecret(u"Old"_s, Secret);
        bool renamed = false;
        store->renameSecret(u"Old"_s, u"New"_s, this, [&renamed] { renamed = true; });
        QTRY_VERIFY(renamed);
        QCOMPARE(readNow(*store, u"New"_s), Secret);
        QCOMPARE(readNow(*store, u"Old"_s), std::nullopt);
        renamed = false;
        store->renameSecret(u"New"_s, u"New"_s, this, [&renamed] { renamed = true; });
        QTRY_VERIFY(renamed);
        QCOMPARE(readNow(*store, u"New"_s), Secret); // renaming to itself keeps it
        if (mode == FakeBackend::Mode::Working) {
            QCOMPARE(backend->entries, (QHash<QString, QString>{{u"profile/New"_s, Secret}}));
        } else {
            QVERIFY(!store->isPersistent());
        }
    }
}

void TestSecretStore::answersLaterAndOnlyLiveContexts()
{
    auto [store, backend] = fakeStore(FakeBackend::Mode::Working);
    Q_UNUSED(backend)
    int answers = 0;
    {
        QObject context;
        store->readSecret(u"Prod"_s, &context, [&answers](std::optional<QString>) { ++answers; });
    }
    // A null context means "always answer".
    store->readSecret(u"Prod"_s, nullptr, [&answers](std::optional<QString>) { answers += 10; });
    QCOMPARE(answers, 0);
    QTRY_COMPARE(answers, 10);
    // The keychain answers in order: the first answer was handed over before the second.
    lance::test::PostedEvents::deliver();
    QCOMPARE(answers, 10);
}

LCB_TEST_GUILESS_MAIN(TestSecretStore)
#include "TestSecretStore.moc"
