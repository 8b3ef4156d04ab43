// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>
#include <variant>

namespace lance::rows {

/// Writes a FlatBuffers message (Arrow IPC's metadata) from a tree of tables, vectors and
/// strings described up front. It lays the message out front to back: each table's vtable just
/// before it, then the objects it points to after it, so every offset it writes points
/// forwards, as the format's unsigned offsets must. Scalars sit at their natural alignment and
/// vectors of structs on 8 bytes. Written from the FlatBuffers format description; FlatBufferTable
/// reads what this writes.
class FlatBufferBuilder
{
public:
    struct Object;
    using ObjectPointer = std::shared_ptr<Object>;

    /// A table's fields, by field number; a field left out is absent (the reader's default).
    class Table
    {
    public:
        Table &scalar8(int field, quint8 value);
        Table &scalar16(int field, qint16 value);
        Table &scalar32(int field, qint32 value);
        Table &scalar64(int field, qint64 value);
        Table &object(int field, ObjectPointer child);

        struct Field
        {
            int number = 0;
            int size = 0; //!< 1, 2, 4 or 8 for a scalar, 4 for an offset
            qint64 value = 0;
            ObjectPointer child;
        };
        const QList<Field> &fields() const { return m_fields; }

    private:
        QList<Field> m_fields;
    };

    struct Object
    {
        std::variant<Table, QList<ObjectPointer>, QByteArray, QString> content;
        /// For a vector of structs (the QByteArray form): how many structs the bytes hold.
        qsizetype structs = 0;
    };

    static ObjectPointer table(Table table);
    static ObjectPointer tables(QList<ObjectPointer> tables);
    /// A vector of `count` structs, their bytes back to back (each a multiple of 8 here).
    static ObjectPointer structs(QByteArray bytes, qsizetype count);
    static ObjectPointer string(const QString &text);

    /// The message whose root is `root` (a table).
    static QByteArray finish(const ObjectPointer &root);
};

} // namespace lance::rows
