// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lance::staging {

/// Something wrong with one staged operation, in one sentence a person can act on.
struct StagingProblem
{
    enum class Severity {
        Warning,  //!< worth a look; the batch can still be committed
        Blocking, //!< the batch would be refused (by the checks or the server): fix it first
    };

    Severity severity = Severity::Blocking;
    QString message;

    bool isBlocking() const { return severity == Severity::Blocking; }
    bool operator==(const StagingProblem &) const = default;
};

} // namespace lance::staging
