// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QObject>

namespace lance::ui {

/// Asks a catalog whether it holds anything at all: a namespace or a table at its root. One
/// small listing, then a second only if the first found nothing.
class CatalogProbe : public QObject
{
    Q_OBJECT

public:
    /// `catalog` must outlive the probe.
    explicit CatalogProbe(api::CatalogService &catalog, QObject *parent = nullptr);

    /// Starts asking; a probe in flight is cancelled first (and reports nothing).
    void start();
    /// Cancels the listing in flight; failed() then reports it as Cancelled.
    void cancel();
    bool isRunning() const { return m_handle.isRunning(); }
    /// The listing in flight, for the ActivityTracker.
    const api::RequestHandle &handle() const { return m_handle; }

signals:
    void finished(bool empty);
    void failed(const lance::api::ApiError &error);

private:
    void listTables();
    /// A callback that drops answers of an earlier start(), reports failures, and hands a
    /// value to `next`.
    template <typename Response>
    api::Callback<Response> answer(std::function<void(const Response &)> next);

    api::CatalogService &m_catalog;
    api::RequestHandle m_handle;
    int m_generation = 0;
};

} // namespace lance::ui
