// SPDX-License-Identifier: Apache-2.0
// QtTest checks of an api::Result<T> (Result<void> included) that say why when they fail: the
// refusal's sentence when success was expected, and what was expected when it succeeded.
// refusalOf() for the tests that compare what a refusal says.
#pragma once

#include "api/Result.h"

#include <QString>
#include <QTest>

#include <optional>

namespace lance::test {

/// The sentence a refusal shows, or nothing on success: for the tests that check what a refusal
/// says.
template <typename T> std::optional<QString> refusalOf(const api::Result<T> &result)
{
    if (result.hasValue()) {
        return std::nullopt;
    }
    return result.error().userMessage();
}

} // namespace lance::test

/// Fails the test, printing the refusal's userMessage(), unless `expr` succeeded.
#define LCB_VERIFY_OK(expr)                                                                        \
    do {                                                                                           \
        const auto &lcbResult_ = (expr);                                                           \
        if (!lcbResult_.hasValue()) {                                                              \
            QFAIL(qPrintable(QStringLiteral("%1 was refused: %2")                                  \
                                 .arg(QStringLiteral(#expr), lcbResult_.error().userMessage())));  \
        }                                                                                          \
    } while (false)

/// Fails the test unless `expr` was refused.
#define LCB_VERIFY_REFUSED(expr)                                                                   \
    do {                                                                                           \
        if ((expr).hasValue()) {                                                                   \
            QFAIL(qPrintable(QStringLiteral("%1 succeeded; a refusal was expected")                \
                                 .arg(QStringLiteral(#expr))));                                    \
        }                                                                                          \
    } while (false)
