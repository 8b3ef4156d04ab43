// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QTemporaryDir>

namespace lance::test {

/// A certificate authority and server certificates for TLS tests, made at test time with the
/// `openssl` command (EC P-256 keys, fast to make) in a temporary folder of this object:
///  - server(): valid now, for `127.0.0.1` and `localhost`;
///  - wrongHost(): valid now, for `catalog.example` only;
///  - expired(): for `127.0.0.1` and `localhost`, expired yesterday.
/// All three are signed by the CA of caFile(), whose key is deleted once they are made.
class TestCertificates
{
public:
    struct Pair
    {
        QString certificate; //!< PEM
        QString key;         //!< PEM, unencrypted
    };

    /// Makes everything; false with what `openssl` said in `error`.
    bool make(QString &error);

    QString caFile() const { return path(u"ca.pem"); }
    Pair server() const { return pair(u"server"); }
    Pair wrongHost() const { return pair(u"wrong-host"); }
    Pair expired() const { return pair(u"expired"); }

private:
    QString path(QStringView name) const;
    Pair pair(QStringView name) const;
    bool run(const QStringList &arguments, QString &error) const;
    bool sign(const QString &name, const QString &altNames, int days, QString &error) const;

    QTemporaryDir m_folder;
};

} // namespace lance::test
