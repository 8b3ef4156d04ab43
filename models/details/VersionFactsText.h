// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"

#include <QCoreApplication>

namespace lance::details {

/// What a version record's facts (api::VersionFacts) say, in one sentence for a person:
/// "130 rows in 4 fragments, 2.5 kB of data; Append, written by lance 8.0.0", or why its
/// manifest could not be read. For the commit review's staged versions.
class VersionFactsText
{
    Q_DECLARE_TR_FUNCTIONS(VersionFactsText)

public:
    VersionFactsText() = delete;

    /// Empty when the record carries no facts.
    static QString sentence(const api::TableVersion &version);
};

} // namespace lance::details
