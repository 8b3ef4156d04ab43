// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

namespace lance::test {

/// Test data shipped in tests/data (never outside the repository).
class TestData
{
public:
    /// Absolute path of `relative` inside tests/data.
    static QString path(const QString &relative);
    /// The bytes of `relative`; fails the running test if the file cannot be read.
    static QByteArray read(const QString &relative);
};

} // namespace lance::test
