// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lance::format {

/// Where a protobuf message sits in a file ("fragment 3 of x.manifest"), for WireMessage's
/// problems, put into words only when there is a problem to report: a decode passes through
/// tens of thousands of fragments and data files and reports at most one problem, so the
/// translated sentence of each would cost more than the decoding itself.
class WirePlace
{
public:
    /// The words of a place: `words(first, second, name)`, e.g. a tr() of "Fragment %1 of %2".
    using Words = QString (*)(qint64 first, qint64 second, const QString &name);

    /// A place already in words.
    WirePlace(QString text) // NOLINT(google-explicit-constructor): a place may be given as text
        : m_text(std::move(text))
    {}
    /// A place worded by `words` when needed; `name` must outlive this.
    WirePlace(Words words, qint64 first, qint64 second, const QString &name)
        : m_words(words)
        , m_first(first)
        , m_second(second)
        , m_name(&name)
    {}

    QString text() const { return m_words ? m_words(m_first, m_second, *m_name) : m_text; }

private:
    QString m_text;
    Words m_words = nullptr;
    qint64 m_first = 0;
    qint64 m_second = 0;
    const QString *m_name = nullptr;
};

} // namespace lance::format
