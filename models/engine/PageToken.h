// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/Result.h"

#include <QStringList>

#include <optional>

namespace lance::engine {

/// Opaque page tokens and page sizes of the list operations.
///
/// A token is the base64url form of the listing's kind and the last key of the page
/// ("start after"), so the next page is the keys strictly after it, whatever was added or
/// removed meanwhile. A token of another listing, or one that does not decode, is InvalidInput.
///
/// Listings of names (tables, namespaces) also take a name of the listing as the token, meaning
/// "start after this name": LanceDB's REST client sends the last name it saw (the start-after
/// tokens of Lance's directory namespace), not the token it was given. See startAfterName().
class PageToken
{
    Q_DECLARE_TR_FUNCTIONS(PageToken)

public:
    enum class Kind {
        Namespaces,
        Tables,
        VersionsAscending,
        VersionsDescending,
        Tags,
        Transactions,
        Branches,
    };

    static constexpr qint64 DefaultPageSize = 1000;
    static constexpr qint64 MaxPageSize = 10000;

    /// What a list request asks for.
    struct Page
    {
        qint64 size = DefaultPageSize;
        std::optional<QString> after; //!< the last key of the previous page
        /// The token as sent, for listings of names: it may be a name rather than ours.
        std::optional<QString> token;
        /// Rows to fetch: one more than the page, to know whether another page follows.
        qint64 fetch() const { return size + 1; }
        QString afterOrFirst() const { return after.value_or(QString()); }
    };

    static QString encode(Kind kind, const QString &lastKey);
    /// The last key of the previous page; nothing for the first page (no token, or "").
    static api::Result<std::optional<QString>> decode(Kind kind,
                                                      const std::optional<QString> &token);
    /// The page size for `limit`: the default when absent, at most MaxPageSize; InvalidInput
    /// for 0 or less.
    static api::Result<qint64> pageSize(const std::optional<qint64> &limit);
    /// The page a list request asks for: pageSize() and decode() together.
    static api::Result<Page> page(Kind kind, const std::optional<qint64> &limit,
                                  const std::optional<QString> &token);
    /// page() for a listing of names: a token that is not ours is kept for startAfterName()
    /// rather than refused here, where the listing cannot yet look the name up.
    static api::Result<Page> namePage(Kind kind, const std::optional<qint64> &limit,
                                      const std::optional<QString> &token);

    /// The name a page of a listing of names starts after. `isName(name)` answers whether the
    /// listing holds an entry of that name (a Result<bool>); the listing calls this inside its
    /// read transaction. A token that is ours and also a name (a table may be called anything)
    /// starts after the smaller of the two, so that no name is ever skipped. A token that is
    /// neither is InvalidInput.
    template <typename IsName>
    static api::Result<QString> startAfterName(const Page &page, IsName isName)
    {
        if (!page.token || page.token->isEmpty()) {
            return page.afterOrFirst();
        }
        // A token that cannot be a name (a delimiter in it) is not looked up: its key would be
        // an entry of a nested namespace.
        const bool canBeName = api::Identifier::checkName(*page.token).hasValue();
        const auto named = canBeName ? isName(*page.token) : api::Result<bool>(false);
        if (!named) {
            return named.error();
        }
        if (!*named) {
            if (!page.after) {
                return malformed();
            }
            return *page.after;
        }
        return page.after ? std::min(*page.after, *page.token) : *page.token;
    }

    /// The version number a page of a version listing starts after.
    static api::Result<std::optional<qint64>> versionAfter(const Page &page);

    /// Cuts `items` (fetched with one more than `size`) to the page and answers the token of
    /// the next page, or nothing when this page is the last.
    template <typename T, typename Key>
    static std::optional<QString> takePage(QList<T> &items, qint64 size, Kind kind, Key key)
    {
        if (items.size() <= size) {
            return std::nullopt;
        }
        items.resize(size);
        return encode(kind, key(items.last()));
    }

    /// takePage() for listings of names.
    static std::optional<QString> takePage(QStringList &names, qint64 size, Kind kind)
    {
        return takePage(names, size, kind, [](const QString &name) { return name; });
    }

private:
    static api::ApiError malformed();
};

} // namespace lance::engine
