// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QString>

namespace lance::api {

/// What a tag may be called: Lance's own rules (`check_valid_tag` in lance's
/// rust/lance/src/dataset/refs.rs), so that a tag made here is one Lance can read and make.
/// Not empty; only letters, digits, `.`, `-` and `_` (no `/`, space or the identifier
/// delimiter); not starting or ending with `.`; no `..`; not ending in `.lock`. Lance takes
/// any Unicode letter or digit, and so does this.
class TagNames
{
    Q_DECLARE_TR_FUNCTIONS(TagNames)

public:
    TagNames() = delete;

    /// Nothing when a tag may be created as `name`; otherwise InvalidInput, one sentence that
    /// quotes the name and says what is wrong.
    static Result<void> check(const QString &name);
};

} // namespace lance::api
