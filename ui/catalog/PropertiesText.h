// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"

#include <QCoreApplication>
#include <QString>

namespace lance::ui {

/// A namespace's properties as one line a steward types and reads: `owner=finance,
/// purpose=reports`. What the namespace questions show and read back.
class PropertiesText
{
    Q_DECLARE_TR_FUNCTIONS(PropertiesText)

public:
    /// `key=value, …` of `properties`, sorted by key: what parse() reads back.
    static QString of(const api::StringMap &properties);
    /// `owner=finance, purpose=reports` as properties; InvalidInput naming the part that is
    /// not `key=value` or repeats a key. Empty text: none.
    static api::Result<api::StringMap> parse(const QString &text);
};

} // namespace lance::ui
