// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "local/LocalCatalogService.h"

#include <QSemaphore>
#include <QTemporaryDir>

#include <memory>

namespace lance::test {

/// A real catalog for model tests: the engine behind LocalCatalogService in a temporary folder
/// (or in a folder the test prepared), filled through the service as any client would. Each
/// method waits for its answer; a refusal fails the running test (QTest::qFail) and returns
/// false, so tests write `QVERIFY(catalog.createNamespace(u"a$b"_s))`.
class SeededCatalog
{
public:
    SeededCatalog();
    /// The catalog in `root` (say a copy of LanceFixture data), registering its Lance tables.
    explicit SeededCatalog(const QString &root);
    ~SeededCatalog();

    local::LocalCatalogService &service() { return *m_service; }
    QString root() const { return m_service->root(); }
    /// Makes every call fail until repairRoot(): a file takes the place of the root folder, so
    /// the engine cannot open the catalog. Only before the first call (the engine opens then).
    void breakRoot();
    void repairRoot();

    /// Holds the engine's worker thread until resumeWorker(): calls made meanwhile queue up
    /// and stay unanswered, so a test can look at a model while its request is on its way.
    void pauseWorker();
    void resumeWorker();
    /// Blocks until the worker has run every call made so far; their answers are then posted
    /// to this thread but not delivered (no events are processed meanwhile).
    void waitForWorker();
    /// waitForWorker(), then delivers those answers: none to a call made so far can arrive
    /// after this (WorkerThread::settle()). What a test waits for instead of sleeping.
    void settle();

    bool createNamespace(const QString &id);
    /// Drops `id` and everything in it.
    bool dropNamespace(const QString &id);
    /// Declares `names` in the namespace `ns` ("" for the root), in one batch commit, each at
    /// `s3://seeded/<table>`: a store the catalog cannot read.
    bool declareTables(const QString &ns, const QStringList &names);
    /// Records versions 1 ... `count` of `table` (declared by declareTables()): manifests on
    /// its store, which the catalog records as given, unread. Version v has size (count - v) * 10 +
    /// 9 bytes, metadata `n=v`, so sizes and versions sort differently as numbers and as text.
    bool addVersions(const QString &table, int count);

    /// `prefix` followed by 0000, 0001, ...: names that sort in creation order.
    static QStringList numbered(const QString &prefix, int count);
    static api::Identifier id(const QString &text);

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<local::LocalCatalogService> m_service;
    QString m_movedRoot;
    std::shared_ptr<QSemaphore> m_pause;
};

} // namespace lance::test
