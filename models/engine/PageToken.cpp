// SPDX-License-Identifier: Apache-2.0
#include "engine/PageToken.h"

#include <QStringDecoder>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

namespace {

constexpr auto Base64Options = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;

QByteArray prefixOf(PageToken::Kind kind)
{
    switch (kind) {
    case PageToken::Kind::Namespaces:
        return "namespaces:";
    case PageToken::Kind::Tables:
        return "tables:";
    case PageToken::Kind::VersionsAscending:
        return "versions-ascending:";
    case PageToken::Kind::VersionsDescending:
        return "versions-descending:";
    case PageToken::Kind::Tags:
        return "tags:";
    case PageToken::Kind::Transactions:
        return "transactions:";
    case PageToken::Kind::Branches:
        return "branches:";
    }
    return {};
}

} // namespace

QString PageToken::encode(Kind kind, const QString &lastKey)
{
    return QString::fromLatin1((prefixOf(kind) + lastKey.toUtf8()).toBase64(Base64Options));
}

ApiError PageToken::malformed()
{
    return ApiError::catalog(ErrorCode::InvalidInput,
                             tr("The page token is not one this listing gave out; start again "
                                "without a token."));
}

Result<std::optional<QString>> PageToken::decode(Kind kind, const std::optional<QString> &token)
{
    if (!token || token->isEmpty()) {
        return std::optional<QString>();
    }
    const auto decoded = QByteArray::fromBase64Encoding(
        token->toLatin1(), Base64Options | QByteArray::AbortOnBase64DecodingErrors);
    const QByteArray prefix = prefixOf(kind);
    if (!decoded || !decoded.decoded.startsWith(prefix)) {
        return malformed();
    }
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString key = utf8.decode(decoded.decoded.mid(prefix.size()));
    if (utf8.hasError() || key.isEmpty()) {
        return malformed();
    }
    return std::optional<QString>(key);
}

Result<PageToken::Page> PageToken::page(Kind kind, const std::optional<qint64> &limit,
                                        const std::optional<QString> &token)
{
    auto size = pageSize(limit);
    if (!size) {
        return size.error();
    }
    return decode(kind, token).transform([&size](auto &&after) {
        return Page{*size, std::move(after), std::nullopt};
    });
}

Result<PageToken::Page> PageToken::namePage(Kind kind, const std::optional<qint64> &limit,
                                            const std::optional<QString> &token)
{
    auto size = pageSize(limit);
    if (!size) {
        return size.error();
    }
    auto after = decode(kind, token);
    Page page{*size, after ? std::move(*after) : std::nullopt, token};
    return page;
}

Result<std::optional<qint64>> PageToken::versionAfter(const Page &page)
{
    if (!page.after) {
        return std::optional<qint64>();
    }
    bool ok = false;
    const qint64 version = page.after->toLongLong(&ok);
    if (!ok || version < 0) {
        return malformed();
    }
    return std::optional<qint64>(version);
}

Result<qint64> PageToken::pageSize(const std::optional<qint64> &limit)
{
    if (!limit) {
        return DefaultPageSize;
    }
    if (*limit <= 0) {
        return ApiError::catalog(
            ErrorCode::InvalidInput,
            tr("The limit %1 is not a page size; give 1 or more.").arg(*limit));
    }
    return std::min(*limit, MaxPageSize);
}

} // namespace lance::engine
