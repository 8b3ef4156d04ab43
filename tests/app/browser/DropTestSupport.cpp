// SPDX-License-Identifier: Apache-2.0
#include "DropTestSupport.h"

#include "AwaitCall.h"
#include "BrowserApplication.h"
#include "LanceFixture.h"
#include "catalog/CatalogTreeModel.h"
#include "local/LocalCatalogService.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/drop/ManifestDropController.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QMimeData>
#include <QTest>
#include <QTreeView>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::test {

void DropTestSupport::init(std::optional<StagingTestbed> &bed)
{
    bed.emplace();
    QVERIFY(bed->isValid());
}

void DropTestSupport::cleanup(std::optional<StagingTestbed> &bed)
{
    QCOMPARE(bed->prompter().unanswered(), 0);
    QVERIFY(!bed->prompter().hasPendingAnswers());
    bed.reset();
}

bool DropTestSupport::drag(QWidget *target, QPoint pos, const QStringList &paths, bool drop)
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

bool DropTestSupport::settle(const browser::BrowserApplication &app)
{
    const auto *drops
        = app.session() ? app.session()->findChild<ui::ManifestDropController *>() : nullptr;
    return drops
           && QTest::qWaitFor([drops] { return drops->runningDrops() == 0; },
                              StagingTestbed::TimeoutMs);
}

bool DropTestSupport::send(QWidget *target, QEvent::Type type, QPoint pos, QMimeData *mime)
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

QPoint DropTestSupport::rowCenter(const browser::BrowserApplication &app, const QStringList &id)
{
    QTreeView *tree = app.session()->workspace()->treeView();
    const QModelIndexList found
        = tree->model()->match(tree->model()->index(0, 0), catalog::CatalogTreeModel::IdRole, id, 1,
                               Qt::MatchExactly | Qt::MatchRecursive);
    return found.isEmpty() ? QPoint(-1, -1) : tree->visualRect(found.first()).center();
}

QPoint DropTestSupport::emptyArea(const browser::BrowserApplication &app)
{
    const QTreeView *tree = app.session()->workspace()->treeView();
    return {10, tree->viewport()->height() - 5};
}

QString DropTestSupport::copyDataset(const StagingTestbed &bed, const QString &name,
                                     const QString &folder)
{
    const QString path = bed.filePath(folder);
    if (!LanceFixture::copyInto(u"people.lance"_s, path)
        || (name != u"people.lance"_s && !QDir(path).rename(u"people.lance"_s, name))) {
        return {};
    }
    return path + u'/' + name;
}

QStringList DropTestSupport::manifestsOf(const QString &dataset)
{
    QStringList paths;
    const QDir versions(dataset + u"/_versions"_s);
    for (const QString &name : versions.entryList({u"*.manifest"_s}, QDir::Files, QDir::Name)) {
        paths << versions.filePath(name);
    }
    return paths;
}

QList<qint64> DropTestSupport::versionsOf(const StagingTestbed &bed, const api::Identifier &table)
{
    local::LocalCatalogService engine(bed.catalog());
    api::ListTableVersionsRequest list;
    list.id = table;
    const auto listed = awaitCall(engine, list);
    QList<qint64> versions;
    if (listed) {
        for (const auto &version : listed->versions) {
            versions << version.version;
        }
    }
    std::sort(versions.begin(), versions.end());
    return versions;
}

bool DropTestSupport::addNamespace(const StagingTestbed &bed,
                                   const browser::BrowserApplication &app)
{
    local::LocalCatalogService engine(bed.catalog());
    api::CreateNamespaceRequest create;
    create.id = api::Identifier({u"sales"_s});
    std::optional<bool> created;
    QObject context; // a late answer after the timeout is dropped with it
    engine.call(create, &context, [&created](auto result) { created = bool(result); });
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

bool DropTestSupport::addNamespaces(const StagingTestbed &bed,
                                    const browser::BrowserApplication &app, int count)
{
    local::LocalCatalogService engine(bed.catalog());
    int created = 0;
    QObject context; // a late answer after the timeout is dropped with it
    for (int i = 0; i < count; ++i) {
        api::CreateNamespaceRequest create;
        create.id = api::Identifier({u"area%1"_s.arg(i, 2, 10, QChar(u'0'))});
        engine.call(create, &context, [&created](auto result) { created += bool(result); });
    }
    if (!QTest::qWaitFor([&] { return created == count; }, StagingTestbed::TimeoutMs)) {
        return false;
    }
    ui::CatalogWorkspace *workspace = app.session()->workspace();
    workspace->refresh();
    // Over when the refresh is: it scrolls back to the selected row at its end.
    return QTest::qWaitFor(
        [&] {
            return !workspace->treeModel()->isRefreshing()
                   && workspace->treeView()->model()->rowCount() == count + 1; // and "people"
        },
        StagingTestbed::TimeoutMs);
}

} // namespace lance::test
