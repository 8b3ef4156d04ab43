// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace lance::test {

/// The messages of a Qt Linguist .ts file, as lupdate writes it and lrelease reads it: enough to
/// compare what the sources count ("%n") with the English forms checked in under translations/.
class TsFile
{
public:
    struct Message
    {
        QString context;
        QString source;
        QString comment;          //!< the disambiguation, tr()'s second argument
        bool numerus = false;     //!< tr() was given a count
        QString type;             //!< "unfinished", "vanished", "obsolete"; empty: finished
        QStringList numerusForms; //!< one per plural form of the language, in its order
        QStringList files;        //!< absolute paths of the <location>s; none without them

        bool isFinished() const { return type.isEmpty(); }
        QString key() const { return TsFile::key(context, source, comment); }
    };

    /// What identifies a message to QTranslator: its context, source and comment.
    static QString key(const QString &context, const QString &source, const QString &comment = {});

    /// Reads the .ts file at `path`; error() says why when it could not be read or parsed.
    static TsFile read(const QString &path);

    QString error() const { return m_error; }
    const QList<Message> &messages() const { return m_messages; }
    /// The message with `key` (Message::key()), or nullptr.
    const Message *find(const QString &key) const;

private:
    QString m_error;
    QList<Message> m_messages;
};

} // namespace lance::test
