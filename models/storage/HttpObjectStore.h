// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/HttpTransport.h"
#include "storage/ObjectStore.h"
#include "storage/StoreErrorAnswer.h"

#include <memory>
#include <optional>

namespace lance::storage {

/// What S3, Azure Blob and GCS share: objects over HTTP, one request per call, answers read
/// into typed errors. A store says how it addresses and signs a request, lists, and marks a
/// write "only if absent"; this class makes the calls of ObjectStore from that.
class HttpObjectStore : public ObjectStore
{
    Q_DECLARE_TR_FUNCTIONS(HttpObjectStore)

public:
    StorageUri uriOf(const QString &key) const override;
    QString describe() const override { return m_description; }

    StorageResult<ObjectData> read(const QString &key, const CallControl &control) override;
    StorageResult<ObjectData> readRange(const QString &key, qint64 offset, qint64 length,
                                        const CallControl &control) override;
    StorageResult<ObjectMeta> stat(const QString &key, const CallControl &control) override;
    StorageResult<ListPage> list(const QString &prefix, const QString &startAfter,
                                 const QString &continuation, int maxKeys,
                                 const CallControl &control) override;
    StorageResult<ObjectMeta> createIfAbsent(const QString &key, const QByteArray &bytes,
                                             const CallControl &control) override;
    StorageResult<void> copyIfAbsent(const QString &from, const QString &to,
                                     const CallControl &control) override;
    StorageResult<void> remove(const QString &key, const CallControl &control) override;
    void observe(Observer observer) override { m_observer = std::move(observer); }

protected:
    struct Identity
    {
        StorageUri::Scheme scheme = StorageUri::Scheme::S3;
        QString bucket;
        QString description; //!< `S3 at http://127.0.0.1:9000`
        bool hasCredentials = false;
        std::optional<qint64> expiresAtMillis; //!< Lance's expires_at_millis
    };

    HttpObjectStore(Identity identity, std::unique_ptr<HttpTransport> transport);

    /// The percent-encoded path of `key`, as sent and signed.
    virtual QByteArray objectPath(const QString &key) const = 0;
    /// Adds what proves who is asking (date, signature or token) to a request whose other
    /// headers are final.
    virtual void authorize(HttpRequest &request) const = 0;
    virtual HttpRequest listRequest(const QString &prefix, const QString &startAfter,
                                    const QString &continuation, int maxKeys) const = 0;
    virtual std::optional<ListPage> parseListing(const QByteArray &body) const = 0;
    /// Makes an upload create the object only if absent.
    virtual void markCreateOnly(HttpRequest &request) const = 0;
    /// Headers every upload needs (Azure's blob type).
    virtual void prepareUpload(HttpRequest &request) const;
    /// A copy the store makes itself and refuses when `to` exists; nothing when it has none
    /// (S3: a copy with If-None-Match is not part of its API), and the copy is then a read and
    /// a create only if absent.
    virtual std::optional<HttpRequest> copyRequest(const QString &from, const QString &to) const;

    /// Whether `Range: bytes=-N` reads the last N bytes (Azure reads no suffix ranges: a stat
    /// comes first there).
    virtual bool supportsSuffixRange() const { return true; }
    /// Whether listRequest() can start after a key (Azure cannot: list() skips the keys up to
    /// it, page after page).
    virtual bool supportsStartAfter() const { return true; }

    HttpTransport &transport() const { return *m_transport; }
    /// `target?name=value&…` with each part encoded.
    static QByteArray withQuery(const QByteArray &path,
                                const QList<QPair<QByteArray, QByteArray>> &query);

private:
    StorageResult<HttpResponse> exchange(HttpRequest request, const CallControl &control,
                                         const QString &key, bool conditionalCreate = false);
    static ObjectMeta metaOf(const QString &key, const HttpResponse &response);

    Identity m_identity;
    QString m_description;
    std::unique_ptr<HttpTransport> m_transport;
    Observer m_observer;
};

} // namespace lance::storage
