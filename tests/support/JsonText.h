// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace lance::test {

/// Looks at encoded JSON the way a server would: as an object, whatever the key order and
/// whitespace, so a test can check which keys the codec wrote without depending on its layout.
class JsonText
{
public:
    /// The object `text` holds; warns (and gives an empty object) if it is not a JSON object.
    static QJsonObject parsed(const QByteArray &text);
    /// The keys of `object` in a stable order, to compare with a sorted literal list.
    static QStringList sortedKeys(const QJsonObject &object);
    /// The `operations` of a batch's JSON (a BatchCommitTablesRequest as the CLI prints or
    /// sends it); empty when there are none.
    static QJsonArray operationsOf(const QByteArray &json);
    static QJsonArray operationsOf(const QString &json) { return operationsOf(json.toUtf8()); }
};

} // namespace lance::test
