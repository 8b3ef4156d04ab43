// SPDX-License-Identifier: Apache-2.0
// Registering Lance files by dragging them onto the real window: synthetic drag-enter,
// drag-move and drop events with file URLs on the tree (a table row, a namespace row, the empty
// area), the versions view and the Pending Changes panel, on the embedded catalog holding the
// LanceDB table "people"; then a dropped dataset is committed and read back from the engine.
#include "AwaitCall.h"
#include "BrowserApplication.h"
#include "CatalogServerProcess.h"
#include "CatalogSession.h"
#include "CatalogTreeView.h"
#include "CatalogWorkspace.h"
#include "CommitController.h"
#include "DropHighlight.h"
#include "LanceFixture.h"
#include "MainWindow.h"
#include "ManifestDropController.h"
#include "MessageBanner.h"
#include "PaletteOverride.h"
#include "PendingChangesPanel.h"
#include "StagingTestbed.h"
#include "StatusColors.h"
#include "TestConnections.h"
#include "VersionsPanel.h"
#include "api/RestClient.h"
#include "catalog/CatalogTreeModel.h"
#include "connection/CatalogConnection.h"
#include "local/LocalCatalogService.h"
#include "manifest/PathMappingStore.h"
#include "staging/PendingChanges.h"

#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>
#include <QUrl>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::test::StagingTestbed;
using Id = lance::ui::WindowActions::Id;

class TestManifestDrop : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void onlyValidTargetsAcceptTheDrag();
    void manifestsDroppedOnThePanelStageOneStep();
    void aMixedDropStagesNothingUnlessConfirmed();
    void aDatasetOnANamespaceIsCommittedAndReadBack();
    void skippedFilesAreNotedInTheStatusBar();
    void aRemoteCatalogAsksForThePathMappingOnce();
    void aDropHighlightCoversItsTargetVisibly();
    void theVersionsViewAndThePanelLightUpOnlyWhileValid();
    void aDragNearTheTreeEdgesScrollsIt();

private:
    /// Sends a drag-enter then a drag-move (or a drop, when `drop`) of `paths` at `pos`;
    /// true when every event was accepted as a copy.
    static bool drag(QWidget *target, QPoint pos, const QStringList &paths, bool drop = false);
    QPoint rowCenter(const BrowserApplication &app, const QStringList &id) const;
    QPoint emptyArea(const BrowserApplication &app) const;
    /// Creates namespace "sales" through a second client and waits for the tree to list it.
    bool addNamespace(const BrowserApplication &app);
    /// people.lance copied to a folder outside the catalog, under `name`; its path.
    QString copyDataset(const QString &name) const;
    static QStringList manifestsOf(const QString &dataset);
    /// Creates `count` namespaces through a second client and waits for the tree to list them.
    bool addNamespaces(const BrowserApplication &app, int count);
    /// Sends `target` a drag event of `type` (any other type: a leave) carrying `mime` at `pos`;
    /// whether it was accepted.
    static bool send(QWidget *target, QEvent::Type type, QPoint pos, QMimeData *mime);

    std::optional<StagingTestbed> m_bed;
};

void TestManifestDrop::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

void TestManifestDrop::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    QVERIFY(!m_bed->prompter().hasPendingAnswers());
    m_bed.reset();
}

bool TestManifestDrop::drag(QWidget *target, QPoint pos, const QStringList &paths, bool drop)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString &path : paths) {
        urls << (path.contains(u"://"_s) ? QUrl(path) : QUrl::fromLocalFile(path));
    }
    mime.setUrls(urls);
    const Qt::DropActions actions = Qt::CopyAction | Qt::MoveAction | Qt::LinkAction;
    QDragEnterEvent enter(pos, actions, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    bool accepted = enter.isAccepted() && enter.dropAction() == Qt::CopyAction;
    QDragMoveEvent move(pos, actions, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &move);
    accepted = accepted && move.isAccepted() && move.dropAction() == Qt::CopyAction;
    if (drop) {
        QDropEvent dropped(QPointF(pos), actions, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(target, &dropped);
        accepted = accepted && dropped.isAccepted();
    } else {
        QDragLeaveEvent leave;
        QCoreApplication::sendEvent(target, &leave);
    }
    return accepted;
}

QPoint TestManifestDrop::rowCenter(const BrowserApplication &app, const QStringList &id) const
{
    QTreeView *tree = app.session()->workspace()->treeView();
    const QModelIndexList found
        = tree->model()->match(tree->model()->index(0, 0), lance::catalog::CatalogTreeModel::IdRole,
                               id, 1, Qt::MatchExactly | Qt::MatchRecursive);
    return found.isEmpty() ? QPoint(-1, -1) : tree->visualRect(found.first()).center();
}

bool TestManifestDrop::addNamespace(const BrowserApplication &app)
{
    lance::local::LocalCatalogService engine(m_bed->catalog());
    lance::api::CreateNamespaceRequest create;
    create.id = Identifier({u"sales"_s});
    std::optional<bool> created;
    engine.createNamespace(create, this, [&created](auto result) { created = bool(result); });
    if (!QTest::qWaitFor([&] { return created.has_value(); }, StagingTestbed::TimeoutMs)
        || !*created) {
        return false;
    }
    app.session()->workspace()->refresh();
    // The refreshed listing comes in pages: both rows, not just the first.
    return QTest::qWaitFor(
        [&] {
            return rowCenter(app, {u"sales"_s}).x() >= 0 && rowCenter(app, {u"people"_s}).x() >= 0;
        },
        StagingTestbed::TimeoutMs);
}

QPoint TestManifestDrop::emptyArea(const BrowserApplication &app) const
{
    const QTreeView *tree = app.session()->workspace()->treeView();
    return {10, tree->viewport()->height() - 5};
}

QString TestManifestDrop::copyDataset(const QString &name) const
{
    const QString folder = m_bed->filePath(u"drops"_s);
    if (!lance::test::LanceFixture::copyInto(u"people.lance"_s, folder)) {
        return {};
    }
    const QString path = folder + u'/' + name;
    return (name == u"people.lance"_s || QDir(folder).rename(u"people.lance"_s, name)) ? path
                                                                                       : QString();
}

QStringList TestManifestDrop::manifestsOf(const QString &dataset)
{
    QStringList paths;
    const QDir versions(dataset + u"/_versions"_s);
    for (const QString &name : versions.entryList({u"*.manifest"_s}, QDir::Files, QDir::Name)) {
        paths << versions.filePath(name);
    }
    return paths;
}

void TestManifestDrop::onlyValidTargetsAcceptTheDrag()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(addNamespace(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QWidget *tree = workspace->treeView()->viewport();
    const QString dataset = copyDataset(u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    const QStringList manifests = manifestsOf(dataset);
    QCOMPARE(manifests.size(), 3);

    const QPoint table = rowCenter(app, {u"people"_s});
    const QPoint sales = rowCenter(app, {u"sales"_s});
    QVERIFY(table.x() >= 0 && sales.x() >= 0);
    QVERIFY(!workspace->treeView()->indexAt(emptyArea(app)).isValid());
    // Manifests and `_versions/` go to tables; dataset folders to namespaces.
    QVERIFY(drag(tree, table, manifests));
    QVERIFY(drag(tree, table, {dataset + u"/_versions"_s}));
    QVERIFY(!drag(tree, table, {dataset}));
    QVERIFY(drag(tree, sales, {dataset}));
    QVERIFY(drag(tree, emptyArea(app), {dataset}));
    QVERIFY(!drag(tree, sales, manifests));
    // Not a local file, or nothing Lance: forbidden everywhere.
    QVERIFY(!drag(tree, table, {u"https://example.com/1.manifest"_s}));
    QVERIFY(!drag(tree, table, {m_bed->filePath(u"settings.ini"_s)}));

    // The row under the pointer is outlined while a valid drag is over it, and no longer after.
    auto *view = qobject_cast<lance::ui::CatalogTreeView *>(workspace->treeView());
    QVERIFY(view);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(manifests.first())});
    QDragEnterEvent enter(table, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(tree, &enter);
    QCOMPARE(view->dropHighlight(), view->indexAt(table));
    QDragLeaveEvent leave;
    QCoreApplication::sendEvent(tree, &leave);
    QVERIFY(!view->dropHighlight().isValid());

    // The versions view is the table it shows; the panel asks for one.
    QVERIFY(drag(workspace->versionsPanel()->tableView()->viewport(), {20, 20}, manifests));
    QVERIFY(!drag(workspace->versionsPanel()->tableView()->viewport(), {20, 20}, {dataset}));
    QVERIFY(drag(&StagingTestbed::panel(app), {20, 20}, manifests));
    QCOMPARE(StagingTestbed::changes(app).count(), 0); // dragging stages nothing
}

void TestManifestDrop::manifestsDroppedOnThePanelStageOneStep()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(addNamespace(app));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier({u"sales"_s, u"people"_s});
    QCOMPARE(changes.stage(declare), std::nullopt);
    const QString dataset = copyDataset(u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());

    // A table the catalog has no such versions of: the three stage as one step, in order.
    m_bed->prompter().answerText(u"sales$people"_s);
    QVERIFY(drag(&StagingTestbed::panel(app), {20, 20}, manifestsOf(dataset), true));
    QCOMPARE(m_bed->prompter().lastTextQuestion().title, u"Register Dropped Manifests"_s);
    QCOMPARE(changes.count(), 4);
    for (int row = 1; row <= 3; ++row) {
        const auto *create
            = std::get_if<lance::api::CreateTableVersionRequest>(&changes.stagedAt(row).operation);
        QVERIFY(create);
        QCOMPARE(create->id, declare.id);
        QCOMPARE(create->version, row);
    }
    QCOMPARE(changes.undoStack()->text(changes.undoStack()->count() - 1),
             u"Register 3 manifests of sales$people"_s);
    QCOMPARE(changes.undo(), std::nullopt);
    QCOMPARE(changes.count(), 1);

    // Dropped again on "people" in the tree, they are versions it has: refused, with reasons.
    m_bed->prompter().answerChoice(u"Cancel"_s);
    QVERIFY(drag(app.session()->workspace()->treeView()->viewport(), rowCenter(app, {u"people"_s}),
                 manifestsOf(dataset), true));
    QVERIFY(m_bed->prompter().lastQuestion().details.contains(u"version"_s));
    QCOMPARE(m_bed->prompter().lastQuestion().choices.size(), 1); // no valid part to offer
    // A table identifier that is not one is refused without staging.
    m_bed->prompter().answerText(u"$"_s);
    QVERIFY(drag(&StagingTestbed::panel(app), {20, 20}, manifestsOf(dataset), true));
    QCOMPARE(changes.count(), 1);
}

void TestManifestDrop::aMixedDropStagesNothingUnlessConfirmed()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    const QString dataset = copyDataset(u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    QStringList paths = manifestsOf(dataset);
    // Named as version 7 (V2: 2^64 - 1 - 7) but holding version 1; and a file that is no
    // manifest at all.
    const QString renamed = m_bed->filePath(u"drops/18446744073709551608.manifest"_s);
    QVERIFY(QFile::copy(paths.last(), renamed));
    const QString garbage = m_bed->filePath(u"drops/9.manifest"_s);
    QFile file(garbage);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(300, 'x'));
    file.close();
    paths << renamed << garbage;
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier({u"orders"_s});
    QCOMPARE(changes.stage(declare), std::nullopt);

    m_bed->prompter().answerText(u"orders"_s);
    m_bed->prompter().answerChoice(u"Cancel"_s);
    QVERIFY(drag(&StagingTestbed::panel(app), {20, 20}, paths, true));
    QCOMPARE(changes.count(), 1); // nothing from the drop
    const lance::ui::Prompter::Question &asked = m_bed->prompter().lastQuestion();
    QCOMPARE(asked.choices.size(), 2);
    QVERIFY2(asked.details.contains(QFileInfo(renamed).fileName()), qPrintable(asked.details));
    QVERIFY2(asked.details.contains(u"9.manifest"_s), qPrintable(asked.details));

    m_bed->prompter().answerText(u"orders"_s);
    m_bed->prompter().answerChoice(u"Stage the Valid Part"_s);
    QVERIFY(drag(&StagingTestbed::panel(app), {20, 20}, paths, true));
    QCOMPARE(changes.count(), 4); // the declaration and the three real manifests
}

void TestManifestDrop::aDatasetOnANamespaceIsCommittedAndReadBack()
{
    QSettings(m_bed->filePath(u"settings.ini"_s), QSettings::IniFormat)
        .setValue(u"staging/skipCommitReview"_s, true);
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(addNamespace(app));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    const QString dataset = copyDataset(u"customers.lance"_s);
    QVERIFY(!dataset.isEmpty());

    // The name offered is the folder's; the steward renames it.
    m_bed->prompter().answerText(u"clients"_s);
    QVERIFY(drag(app.session()->workspace()->treeView()->viewport(), rowCenter(app, {u"sales"_s}),
                 {dataset}, true));
    QCOMPARE(m_bed->prompter().lastTextQuestion().text, u"customers"_s);
    QCOMPARE(changes.count(), 4);
    const auto *declare
        = std::get_if<lance::api::DeclareTableRequest>(&changes.stagedAt(0).operation);
    QVERIFY(declare);
    QCOMPARE(declare->id, Identifier({u"sales"_s, u"clients"_s}));
    QCOMPARE(changes.undoStack()->count(), 1);

    auto *commits = app.session()->findChild<lance::browser::CommitController *>();
    QVERIFY(commits);
    QSignalSpy finished(commits, &lance::browser::CommitController::commitFinished);
    StagingTestbed::action(app, Id::Commit)->trigger();
    QVERIFY(finished.wait(StagingTestbed::TimeoutMs));
    QVERIFY2(finished.first().first().toBool(),
             qPrintable(app.window()->messageBanner()->details()));

    // Read back from the engine itself.
    lance::local::LocalCatalogService engine(m_bed->catalog());
    lance::api::ListTableVersionsRequest list;
    list.id = declare->id;
    std::optional<QList<qint64>> versions;
    engine.listTableVersions(list, this, [&versions](auto result) {
        QList<qint64> found;
        if (result) {
            for (const auto &version : result->versions) {
                found << version.version;
            }
        }
        versions = found;
    });
    QTRY_VERIFY(versions.has_value());
    std::sort(versions->begin(), versions->end());
    QCOMPARE(*versions, (QList<qint64>{1, 2, 3}));
}

void TestManifestDrop::skippedFilesAreNotedInTheStatusBar()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    const QString dataset = copyDataset(u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    // A writer's staging manifest (version 4, V2 name) is skipped with a note, asking nothing.
    const QString staged = dataset + u"/_versions/18446744073709551611.manifest-5d1c"_s;
    QVERIFY(QFile::copy(manifestsOf(dataset).first(), staged));
    QWidget *versions = app.session()->workspace()->versionsPanel()->tableView()->viewport();
    QVERIFY(drag(versions, {20, 20}, {staged}, true));
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
    QVERIFY(m_bed->prompter().asked().isEmpty());
    QVERIFY2(app.window()->statusBar()->currentMessage().contains(QFileInfo(staged).fileName()),
             qPrintable(app.window()->statusBar()->currentMessage()));
}

void TestManifestDrop::aRemoteCatalogAsksForThePathMappingOnce()
{
    lance::test::CatalogServerProcess server;
    QVERIFY2(server.start(), qPrintable(server.standardError()));
    // A namespace, so the window shows a workspace rather than the empty state.
    std::unique_ptr<lance::connection::CatalogConnection> setup
        = lance::test::TestConnections::openRest(server.url(), lance::api::AuthMethod::None, {});
    QVERIFY(setup);
    lance::api::CreateNamespaceRequest create;
    create.id = Identifier({u"sales"_s});
    QVERIFY(lance::test::succeeded(lance::test::awaitCall(*setup->restClient(),
                                                          &lance::api::RestClient::createNamespace,
                                                          create),
                                   u"create sales"_s));
    BrowserApplication app;
    app.setPrompter(&m_bed->prompter());
    QSignalSpy ready(&app, &BrowserApplication::ready);
    const QString settingsFile = m_bed->filePath(u"settings.ini"_s);
    QVERIFY(!app.start({u"lance-catalog-browser"_s, u"--settings"_s, settingsFile, u"--url"_s,
                        server.url().toString()}));
    QVERIFY(ready.count() == 1 || ready.wait(StagingTestbed::TimeoutMs));
    QVERIFY(app.session() && app.session()->workspace());
    QTRY_VERIFY_WITH_TIMEOUT(rowCenter(app, {u"sales"_s}).x() >= 0, StagingTestbed::TimeoutMs);
    const QString dataset = copyDataset(u"customers.lance"_s);
    QVERIFY(!dataset.isEmpty());
    const QString folder = QFileInfo(dataset).absolutePath();
    QWidget *tree = app.session()->workspace()->treeView()->viewport();
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);

    // The server cannot read a local path: the mapping is asked for, checked and saved.
    m_bed->prompter().answerText(folder + u"=s3://lake/"_s);
    m_bed->prompter().answerText(u"customers"_s);
    QVERIFY(drag(tree, rowCenter(app, {u"sales"_s}), {dataset}, true));
    QCOMPARE(m_bed->prompter().asked().first(), u"Path Mapping"_s);
    QCOMPARE(changes.count(), 4);
    const auto *declare
        = std::get_if<lance::api::DeclareTableRequest>(&changes.stagedAt(0).operation);
    QVERIFY(declare);
    QCOMPARE(declare->location, std::optional(u"s3://lake/customers.lance"_s));
    const auto *create1
        = std::get_if<lance::api::CreateTableVersionRequest>(&changes.stagedAt(1).operation);
    QVERIFY(create1);
    QVERIFY2(create1->manifestPath.startsWith(u"s3://lake/customers.lance/_versions/"_s),
             qPrintable(create1->manifestPath));
    QSettings settings(settingsFile, QSettings::IniFormat);
    const QString profile = app.session()->connection().profile().name;
    QCOMPARE(lance::manifest::PathMappingStore(settings).mapping(profile),
             lance::manifest::PathMapping(folder, u"s3://lake/"_s));

    // Once saved, it is not asked again: only the table name is.
    QCOMPARE(changes.undo(), std::nullopt);
    const qsizetype askedBefore = m_bed->prompter().asked().size();
    m_bed->prompter().answerText(u"customers"_s);
    QVERIFY(drag(tree, rowCenter(app, {u"sales"_s}), {dataset}, true));
    QCOMPARE(m_bed->prompter().asked().size(), askedBefore + 1);
    QCOMPARE(changes.count(), 4);

    // A mapping the check refuses (a URI with a password) is not saved, and nothing staged.
    QCOMPARE(changes.undo(), std::nullopt);
    lance::manifest::PathMappingStore(settings).remove(profile);
    m_bed->prompter().answerText(folder + u"=s3://user:secret@lake/"_s);
    QVERIFY(drag(tree, rowCenter(app, {u"sales"_s}), {dataset}, true));
    QCOMPARE(changes.count(), 0);
    QVERIFY(lance::manifest::PathMappingStore(settings).mapping(profile).isEmpty());
}

bool TestManifestDrop::addNamespaces(const BrowserApplication &app, int count)
{
    lance::local::LocalCatalogService engine(m_bed->catalog());
    int created = 0;
    for (int i = 0; i < count; ++i) {
        lance::api::CreateNamespaceRequest create;
        create.id = Identifier({u"area%1"_s.arg(i, 2, 10, QChar(u'0'))});
        engine.createNamespace(create, this, [&created](auto result) { created += bool(result); });
    }
    if (!QTest::qWaitFor([&] { return created == count; }, StagingTestbed::TimeoutMs)) {
        return false;
    }
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    workspace->refresh();
    // Over when the refresh is: it scrolls back to the selected row at its end.
    return QTest::qWaitFor(
        [&] {
            return !workspace->treeModel()->isRefreshing()
                   && workspace->treeView()->model()->rowCount() == count + 1; // and "people"
        },
        StagingTestbed::TimeoutMs);
}

bool TestManifestDrop::send(QWidget *target, QEvent::Type type, QPoint pos, QMimeData *mime)
{
    const Qt::DropActions actions = Qt::CopyAction | Qt::MoveAction | Qt::LinkAction;
    switch (type) {
    case QEvent::DragEnter: {
        QDragEnterEvent enter(pos, actions, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(target, &enter);
        return enter.isAccepted();
    }
    case QEvent::DragMove: {
        QDragMoveEvent move(pos, actions, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(target, &move);
        return move.isAccepted();
    }
    case QEvent::Drop: {
        QDropEvent dropped(QPointF(pos), actions, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(target, &dropped);
        return dropped.isAccepted();
    }
    default: {
        QDragLeaveEvent leave;
        QCoreApplication::sendEvent(target, &leave);
        return true;
    }
    }
}

void TestManifestDrop::aDropHighlightCoversItsTargetVisibly()
{
    using lance::ui::DropHighlight;
    using lance::ui::StatusColors;
    const QPalette saved = QApplication::palette();
    const QString savedStyle = QApplication::style()->name(); // the override sets Fusion
    for (const char *name : {"light", "dark"}) {
        // The palettes the app takes for screenshots: both must show the frame.
        qputenv(lance::browser::PaletteOverride::Variable, name);
        lance::browser::PaletteOverride::applyFromEnvironment();
        QWidget target;
        target.setAutoFillBackground(true);
        target.resize(200, 120);
        auto *overlay = new DropHighlight(&target);
        target.show();
        QVERIFY(QTest::qWaitForWindowExposed(&target));
        QVERIFY(!overlay->isVisible()); // until a drag shows it
        overlay->show();
        QCOMPARE(overlay->geometry(), target.rect());
        target.resize(260, 90);
        QCOMPARE(overlay->geometry(), target.rect());
        QVERIFY(overlay->testAttribute(Qt::WA_TransparentForMouseEvents));

        for (const QPalette::ColorRole role : {QPalette::Base, QPalette::Window}) {
            const QColor background = target.palette().color(role);
            const QColor frame = DropHighlight::frameColour(target.palette(), background);
            QVERIFY2(StatusColors::contrastRatio(frame, background) >= 3.0,
                     qPrintable(u"%1 on %2 in %3"_s.arg(frame.name(), background.name(),
                                                        QString::fromLatin1(name))));
        }
        // Painted over the target: its edge in the frame colour, its middle tinted with it.
        const QColor background = target.palette().color(target.backgroundRole());
        const QColor frame = DropHighlight::frameColour(target.palette(), background);
        const QImage shown = target.grab().toImage();
        QCOMPARE(shown.pixelColor(1, 1), frame);
        QCOMPARE(shown.pixelColor(258, 88), frame);
        QVERIFY(shown.pixelColor(130, 45) != background);
        overlay->hide();
        QCOMPARE(target.grab().toImage().pixelColor(1, 1), background);
    }
    qunsetenv(lance::browser::PaletteOverride::Variable);
    QApplication::setStyle(savedStyle);
    QApplication::setPalette(saved);
}

void TestManifestDrop::theVersionsViewAndThePanelLightUpOnlyWhileValid()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    const QString dataset = copyDataset(u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    QMimeData manifests;
    manifests.setUrls({QUrl::fromLocalFile(manifestsOf(dataset).first())});
    QMimeData folder; // a dataset goes to a namespace only
    folder.setUrls({QUrl::fromLocalFile(dataset)});
    QWidget *versions = app.session()->workspace()->versionsPanel()->tableView()->viewport();
    QWidget *panel = &StagingTestbed::panel(app);
    app.window()->detailsTabs()->setCurrentIndex(1); // Versions
    app.window()->dock(lance::ui::MainWindow::Pane::PendingChanges)->show();
    QTRY_VERIFY(versions->isVisible() && panel->isVisible());
    // The tree outlines its rows instead.
    QVERIFY(!app.session()->workspace()->treeView()->viewport()->findChild<QWidget *>(
        u"dropHighlight"_s, Qt::FindDirectChildrenOnly));

    for (QWidget *target : {versions, panel}) {
        auto *overlay = target->findChild<lance::ui::DropHighlight *>(u"dropHighlight"_s);
        QVERIFY(overlay);
        QCOMPARE(overlay->parentWidget(), target);
        QVERIFY(!overlay->isVisible());
        const QPoint pos(20, 20);

        // A valid drag lights it up, over the whole target; leaving puts it out.
        QVERIFY(send(target, QEvent::DragEnter, pos, &manifests));
        QVERIFY(overlay->isVisible());
        QCOMPARE(overlay->geometry(), target->rect());
        QVERIFY(send(target, QEvent::DragMove, pos, &manifests));
        QVERIFY(overlay->isVisible());
        send(target, QEvent::DragLeave, pos, &manifests);
        QVERIFY(!overlay->isVisible());

        // An invalid one never does.
        QVERIFY(!send(target, QEvent::DragEnter, pos, &folder));
        QVERIFY(!overlay->isVisible());
        QVERIFY(!send(target, QEvent::DragMove, pos, &folder));
        QVERIFY(!overlay->isVisible());
        send(target, QEvent::DragLeave, pos, &folder);

        // Dropped, it goes out before anything is asked: the question is cancelled here.
        QVERIFY(send(target, QEvent::DragEnter, pos, &manifests));
        QVERIFY(overlay->isVisible());
        if (target == panel) {
            m_bed->prompter().answerText(std::nullopt); // which table: none
        } else {
            m_bed->prompter().answerChoice(u"Cancel"_s); // versions "people" already has
        }
        QVERIFY(send(target, QEvent::Drop, pos, &manifests));
        QVERIFY(!overlay->isVisible());
        QCOMPARE(m_bed->prompter().unanswered(), 0);
    }
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
}

void TestManifestDrop::aDragNearTheTreeEdgesScrollsIt()
{
    using lance::browser::ManifestDropController;
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(addNamespaces(app, 60));
    QTreeView *tree = app.session()->workspace()->treeView();
    QWidget *viewport = tree->viewport();
    QScrollBar *bar = tree->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() >= 10); // far more rows than the viewport shows
    bar->setValue(0);
    const QString dataset = copyDataset(u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    QMimeData manifests;
    manifests.setUrls({QUrl::fromLocalFile(manifestsOf(dataset).first())});
    const int bottom = viewport->height() - ManifestDropController::AutoScrollMargin / 2;
    const QPoint middle(20, viewport->height() / 2);
    // Negative checks need some time: a few steps' worth.
    const int steps = 5 * ManifestDropController::AutoScrollMs;

    // Near the bottom edge it scrolls down, step after step, over rows it may not drop on.
    send(viewport, QEvent::DragEnter, middle, &manifests);
    send(viewport, QEvent::DragMove, {20, bottom}, &manifests);
    QTRY_VERIFY(bar->value() >= 3);
    // Back in the middle it stops.
    send(viewport, QEvent::DragMove, middle, &manifests);
    int value = bar->value();
    QTest::qWait(steps);
    QCOMPARE(bar->value(), value);
    // Near the top edge it scrolls up.
    send(viewport, QEvent::DragMove, {20, ManifestDropController::AutoScrollMargin / 2},
         &manifests);
    QTRY_VERIFY(bar->value() < value);
    // Leaving stops it.
    send(viewport, QEvent::DragLeave, {}, &manifests);
    bar->setValue(5);
    QTest::qWait(steps);
    QCOMPARE(bar->value(), 5);

    // A drag no row can take (nothing Lance) does not scroll.
    QMimeData web;
    web.setUrls({QUrl(u"https://example.com/1.manifest"_s)});
    send(viewport, QEvent::DragEnter, middle, &web);
    send(viewport, QEvent::DragMove, {20, bottom}, &web);
    QTest::qWait(steps);
    QCOMPARE(bar->value(), 5);
    send(viewport, QEvent::DragLeave, {}, &web);

    // Nor does a drop leave it running.
    send(viewport, QEvent::DragEnter, middle, &manifests);
    send(viewport, QEvent::DragMove, {20, bottom}, &manifests);
    QTRY_VERIFY(bar->value() > 5);
    QVERIFY(!send(viewport, QEvent::Drop, {20, bottom}, &manifests)); // on a namespace
    value = bar->value();
    QTest::qWait(steps);
    QCOMPARE(bar->value(), value);
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
}

QTEST_MAIN(TestManifestDrop)
#include "TestManifestDrop.moc"
