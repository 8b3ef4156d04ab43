// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/JsonCodec.h"

#include <QStringView>
#include <QtGlobal>

#include <string>
#include <string_view>

namespace lance::api::json::detail {

/// JSON text written as it is produced, with no document in between: encoding a 10,000-entry
/// batch answer through a nlohmann document cost more than the commit it described. The
/// output is what nlohmann's dump() printed before (compact, or indented by two spaces), except
/// that an object's keys come in the order they are written, not sorted.
///
/// The caller keeps the structure balanced (every begin has its end, a key is followed by one
/// value); the codec's field walk does. Strings are UTF-16 or UTF-8 in, UTF-8 out, escaped as
/// JSON requires; a lone surrogate becomes U+FFFD.
class JsonOutput
{
public:
    explicit JsonOutput(Format format = Format::Compact);

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(std::string_view name);
    void key(QStringView name);

    void string(QStringView text);
    void string(std::string_view utf8);
    void integer(qint64 value);
    void boolean(bool value);
    void null();

    const std::string &text() const { return m_text; }

private:
    void beforeValue();
    void beforeMember();
    void close(char bracket);
    void appendEscaped(QStringView text);
    void appendEscaped(std::string_view utf8);

    std::string m_text;
    int m_depth = 0;
    bool m_indented = false;
    bool m_empty = false;    //!< the innermost container has no member yet
    bool m_afterKey = false; //!< a key was written; its value comes next, with no separator
};

} // namespace lance::api::json::detail
