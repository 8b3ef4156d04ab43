// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/ExchangeRecord.h"
#include "details/ManifestAccess.h"
#include "details/VendedTableStore.h"
#include "storage/StorageOptions.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <optional>

namespace lance::details {

/// The ManifestAccess of each table of one connection, as a Lance client reaches a table: its
/// local files as `base` reaches them (asked each time, so a path mapping edited meanwhile
/// applies), and a table on object storage through its store, opened
/// with the `storage_options` the server vends (DescribeTable with `vend_credentials`) over
/// `fallback` (the profile's storage options, then the standard environment). Why a store
/// cannot be opened travels with the access (ManifestAccess::storeProblem()), naming the
/// option to set, so every reader shows it where it shows the manifest's facts.
///
/// An access is reused, with its store and what that store keeps, until the vended options
/// come near their `expires_at_millis`: a minute before, as Lance asks again, or after three
/// quarters of their life when that is shorter. Then the next reach() describes the table
/// again. The watched table (the one the window shows) is described again by a timer at that
/// moment, and renewed() hands the new access to whoever holds the old one. Lives on the
/// thread of `service`; nothing here keeps, logs or shows a secret. Every request to a store
/// is told with exchangeFinished().
class VendedAccess : public QObject
{
    Q_OBJECT

public:
    using Reached = std::function<void(const ManifestAccess &)>;

    VendedAccess(api::CatalogService *service, std::function<ManifestAccess()> base,
                 VendedTableStore::Fallback fallback, QObject *parent = nullptr);
    ~VendedAccess() override;

    /// What reaches every table's local files; no store.
    ManifestAccess base() const { return m_base(); }
    /// Hands `then` the access for `table`, later on this thread while `context` lives: at
    /// once when a fresh one is known, else after asking the server. A failed DescribeTable
    /// (a table only declared in the staged batch, a server away) hands `base()`.
    void reach(const api::Identifier &table, QObject *context, Reached then);
    /// The access known for `table` while it is fresh; nothing otherwise.
    std::optional<ManifestAccess> known(const api::Identifier &table) const;
    /// Keeps `table`'s access fresh from now on (none: no table), and forgets the others'.
    void watch(const std::optional<api::Identifier> &table);

signals:
    /// `table`'s access was renewed; the new one is known().
    void renewed(const lance::api::Identifier &table);
    /// A request to a table's store ended (for the request log; storage::ObjectStore::observe()
    /// says what it holds). Emitted on this object's thread, whichever thread sent it.
    void exchangeFinished(const lance::api::ExchangeRecord &record);

private:
    struct Known
    {
        std::optional<engine::TableStores::Table> store; //!< none: not on a store, or refused
        QString problem;                 //!< why the table's store cannot be read here
        std::optional<qint64> renewAtMs; //!< none: it does not expire
    };
    struct Waiter
    {
        QPointer<QObject> context;
        Reached then;
    };

    void describe(const api::Identifier &table);
    void settle(const api::Identifier &table,
                const api::Result<api::DescribeTableResponse> &answer);
    void scheduleRenewal();
    static bool isFresh(const Known &known);
    ManifestAccess accessOf(const Known &known) const;

    api::CatalogService *m_service;
    std::function<ManifestAccess()> m_base;
    VendedTableStore::Fallback m_fallback;
    QHash<QString, Known> m_known;             //!< by Identifier::key()
    QHash<QString, QList<Waiter>> m_waiting;   //!< tables being described, and who waits
    QHash<QString, api::RequestHandle> m_asks; //!< the DescribeTable in flight per table
    std::optional<api::Identifier> m_watched;
    QTimer m_renewal;
};

} // namespace lance::details
