// SPDX-License-Identifier: Apache-2.0
#include "WorkspaceHarness.h"

#include "catalog/CatalogFilterModel.h"
#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "ui/catalog/CatalogItemDelegate.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/window/MainWindow.h"

#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;

namespace lance::test {

using catalog::CatalogTreeModel;
using Kind = catalog::CatalogNode::Kind;

namespace {

Kind kindOf(const QModelIndex &index)
{
    return Kind(index.data(CatalogTreeModel::KindRole).toInt());
}

// Reaches the delegate's protected initStyleOption().
class StyleProbe : public ui::CatalogItemDelegate
{
public:
    QStyleOptionViewItem optionFor(const QModelIndex &index) const
    {
        QStyleOptionViewItem option;
        initStyleOption(&option, index);
        return option;
    }
};

} // namespace

WorkspaceHarness::WorkspaceHarness(api::CatalogService &service, int pageSize, QSize windowSize)
    : m_settings(
        std::make_unique<QSettings>(m_dir.filePath(u"settings.ini"_s), QSettings::IniFormat))
{
    m_window = std::make_unique<ui::MainWindow>(*m_settings);
    m_window->resize(windowSize);
    m_workspace
        = std::make_unique<ui::CatalogWorkspace>(*m_window, service, u"$"_s, &m_tracker, pageSize);
    m_firstPage
        = std::make_unique<QSignalSpy>(m_workspace.get(), &ui::CatalogWorkspace::firstPageLoaded);
    using Mode = QAbstractItemModelTester::FailureReportingMode;
    for (QAbstractItemModel *model : std::initializer_list<QAbstractItemModel *>{
             m_workspace->treeModel(), m_workspace->filterModel(), m_workspace->versionModel(),
             m_workspace->versionsPanel()->sortModel()}) {
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(model, Mode::QtTest));
        m_testers.back()->setUseFetchMore(false);
    }
    m_window->show();
    // Active, so the window's shortcuts answer the keyboard.
    if (!QTest::qWaitForWindowActive(m_window.get())) {
        QTest::qFail("the window did not become active", __FILE__, __LINE__);
    }
}

WorkspaceHarness::~WorkspaceHarness()
{
    m_testers.clear();
    m_firstPage.reset();
    m_workspace.reset(); // before the tracker and the service
    m_window.reset();
}

bool WorkspaceHarness::waitForFirstPage()
{
    return !m_firstPage->isEmpty() || m_firstPage->wait(TimeoutMs);
}

QTreeView &WorkspaceHarness::tree() const
{
    return *m_workspace->treeView();
}

QAbstractItemModel &WorkspaceHarness::shown() const
{
    return *tree().model();
}

QModelIndex WorkspaceHarness::row(const QStringList &path) const
{
    QModelIndex index;
    for (const QString &name : path) {
        const QModelIndex parent = index;
        index = {};
        for (int row = 0; row < shown().rowCount(parent); ++row) {
            const QModelIndex child = shown().index(row, 0, parent);
            if ((kindOf(child) == Kind::Namespace || kindOf(child) == Kind::Table)
                && child.data().toString() == name) {
                index = child;
                break;
            }
        }
        if (!index.isValid()) {
            return {};
        }
    }
    return index;
}

QStringList WorkspaceHarness::names(const QModelIndex &parent) const
{
    QStringList names;
    for (int row = 0; row < shown().rowCount(parent); ++row) {
        const QModelIndex child = shown().index(row, 0, parent);
        if (kindOf(child) == Kind::Namespace || kindOf(child) == Kind::Table) {
            names.append(child.data().toString());
        }
    }
    return names;
}

QModelIndex WorkspaceHarness::syntheticRow(const QModelIndex &parent) const
{
    const int rows = shown().rowCount(parent);
    const QModelIndex last = rows > 0 ? shown().index(rows - 1, 0, parent) : QModelIndex();
    return last.isValid() && (kindOf(last) == Kind::Loading || kindOf(last) == Kind::Error)
               ? last
               : QModelIndex();
}

bool WorkspaceHarness::isLoading(const QModelIndex &parent) const
{
    const QModelIndex synthetic = syntheticRow(parent);
    return synthetic.isValid() && kindOf(synthetic) == Kind::Loading;
}

bool WorkspaceHarness::waitUntilLoaded(const QModelIndex &parent) const
{
    const QPersistentModelIndex target(parent);
    return QTest::qWaitFor([&] { return !isLoading(target); }, TimeoutMs);
}

bool WorkspaceHarness::expand(const QStringList &path)
{
    const QModelIndex index = row(path);
    if (!index.isValid()) {
        return false;
    }
    tree().expand(index);
    // The first page is asked for when the view lays the expansion out.
    const QPersistentModelIndex target(index);
    return QTest::qWaitFor(
               [&] { return shown().rowCount(target) > 0 || !shown().canFetchMore(target); },
               TimeoutMs)
           && waitUntilLoaded(target);
}

bool WorkspaceHarness::click(const QModelIndex &index)
{
    if (!index.isValid()) {
        return false;
    }
    tree().scrollTo(index);
    // Long rows (an error message) are wider than the viewport: click their visible part.
    const QRect visible = tree().visualRect(index).intersected(tree().viewport()->rect());
    if (visible.isEmpty()) {
        return false;
    }
    QTest::mouseClick(tree().viewport(), Qt::LeftButton, {}, visible.center());
    return true;
}

QStyleOptionViewItem WorkspaceHarness::styleOf(const QModelIndex &index)
{
    return StyleProbe().optionFor(index);
}

bool WorkspaceHarness::select(const QStringList &path)
{
    QSignalSpy settled(m_workspace.get(), &ui::CatalogWorkspace::detailsSettled);
    return click(row(path)) && settled.wait(TimeoutMs);
}

} // namespace lance::test
