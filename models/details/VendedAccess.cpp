// SPDX-License-Identifier: Apache-2.0
#include "details/VendedAccess.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace lance::details {

namespace {

// Lance describes a table again a minute before its vended options expire.
constexpr qint64 LanceRenewalMs = 60 * 1000;
// A failed DescribeTable is asked again no sooner than this.
constexpr qint64 RetryAfterFailureMs = 30 * 1000;

} // namespace

VendedAccess::VendedAccess(api::CatalogService *service, std::function<ManifestAccess()> base,
                           VendedTableStore::Fallback fallback, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_base(std::move(base))
    , m_fallback(std::move(fallback))
{
    m_renewal.setSingleShot(true);
    connect(&m_renewal, &QTimer::timeout, this, [this] {
        if (m_watched && !m_asks.contains(m_watched->key())) {
            describe(*m_watched);
        }
    });
}

VendedAccess::~VendedAccess()
{
    for (api::RequestHandle &ask : m_asks) {
        ask.cancel();
    }
}

bool VendedAccess::isFresh(const Known &known)
{
    return !known.renewAtMs || *known.renewAtMs > QDateTime::currentMSecsSinceEpoch();
}

ManifestAccess VendedAccess::accessOf(const Known &known) const
{
    if (known.store) {
        return base().withStore(*known.store);
    }
    return known.problem.isEmpty() ? base() : base().withStoreProblem(known.problem);
}

std::optional<ManifestAccess> VendedAccess::known(const api::Identifier &table) const
{
    const auto it = m_known.constFind(table.key());
    if (it == m_known.cend() || !isFresh(*it)) {
        return std::nullopt;
    }
    return accessOf(*it);
}

void VendedAccess::reach(const api::Identifier &table, QObject *context, Reached then)
{
    if (std::optional<ManifestAccess> access = known(table)) {
        // Later, as when asked: a caller never sees its answer before reach() returns.
        QMetaObject::invokeMethod(
            this,
            [context = QPointer<QObject>(context), then = std::move(then),
             access = std::move(*access)] {
                if (context) {
                    then(access);
                }
            },
            Qt::QueuedConnection);
        return;
    }
    m_waiting[table.key()].append(Waiter{context, std::move(then)});
    if (!m_asks.contains(table.key())) {
        describe(table);
    }
}

void VendedAccess::watch(const std::optional<api::Identifier> &table)
{
    m_watched = table;
    // Only the watched table's store is kept open: the others are asked for again when read.
    for (auto it = m_known.begin(); it != m_known.end();) {
        it = table && it.key() == table->key() ? std::next(it) : m_known.erase(it);
    }
    scheduleRenewal();
}

void VendedAccess::describe(const api::Identifier &table)
{
    api::DescribeTableRequest request;
    request.id = table;
    request.vendCredentials = true;
    m_asks.insert(table.key(),
                  m_service->call(request, this,
                                  [this, table](api::Result<api::DescribeTableResponse> answer) {
                                      m_asks.remove(table.key());
                                      settle(table, answer);
                                  }));
}

void VendedAccess::settle(const api::Identifier &table,
                          const api::Result<api::DescribeTableResponse> &answer)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    Known known;
    if (!answer) {
        if (answer.error().kind() == api::ApiError::Kind::Cancelled) {
            m_waiting.remove(table.key());
            return;
        }
        // Not a store's problem: a table declared in the staged batch is not there yet, and
        // a server that failed says so where the window shows the table. Asked again later.
        known.renewAtMs = now + RetryAfterFailureMs;
    } else if (answer->location) {
        const auto store
            = VendedTableStore::open(*answer->location, answer->storageOptions, m_fallback);
        if (!store) {
            known.problem = store.error().userMessage();
        } else if (*store) {
            known.store = *store;
            // Told on the reading thread; the log lives on this one, which may be gone by then.
            known.store->store->observe(
                [self = QPointer<VendedAccess>(this)](const api::ExchangeRecord &record) {
                    QMetaObject::invokeMethod(
                        QCoreApplication::instance(),
                        [self, record] {
                            if (self) {
                                emit self->exchangeFinished(record);
                            }
                        },
                        Qt::QueuedConnection);
                });
        }
        bool isNumber = false;
        const qint64 expires
            = answer->storageOptions.value(u"expires_at_millis"_s).toLongLong(&isNumber);
        if (isNumber) {
            const qint64 life = std::max<qint64>(0, expires - now);
            known.renewAtMs = expires - std::min(LanceRenewalMs, life / 4);
        }
    }
    const bool renewal = m_known.contains(table.key());
    m_known.insert(table.key(), known);
    const QList<Waiter> waiters = m_waiting.take(table.key());
    const ManifestAccess access = accessOf(known);
    for (const Waiter &waiter : waiters) {
        if (waiter.context) {
            waiter.then(access);
        }
    }
    if (renewal) {
        emit renewed(table);
    }
    scheduleRenewal();
}

void VendedAccess::scheduleRenewal()
{
    m_renewal.stop();
    const auto it = m_watched ? m_known.constFind(m_watched->key()) : m_known.cend();
    if (it == m_known.cend() || !it->renewAtMs) {
        return;
    }
    const qint64 wait = *it->renewAtMs - QDateTime::currentMSecsSinceEpoch();
    m_renewal.start(int(std::clamp<qint64>(wait, 0, std::numeric_limits<int>::max())));
}

} // namespace lance::details
