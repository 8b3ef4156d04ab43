// SPDX-License-Identifier: Apache-2.0
#include "TestCertificates.h"

#include <QDir>
#include <QFile>
#include <QProcess>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

const QStringList EcKey{u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:prime256v1"_s,
                        u"-nodes"_s};

} // namespace

QString TestCertificates::path(QStringView name) const
{
    return m_folder.filePath(name.toString());
}

TestCertificates::Pair TestCertificates::pair(QStringView name) const
{
    return {path(name.toString() + u".pem"_s), path(name.toString() + u".key"_s)};
}

bool TestCertificates::run(const QStringList &arguments, QString &error) const
{
    QProcess openssl;
    openssl.setWorkingDirectory(m_folder.path());
    openssl.setProcessChannelMode(QProcess::MergedChannels);
    openssl.start(u"openssl"_s, arguments);
    if (!openssl.waitForFinished(30000) || openssl.exitStatus() != QProcess::NormalExit
        || openssl.exitCode() != 0) {
        error = u"openssl %1 failed (%2): %3"_s.arg(arguments.join(u' '), openssl.errorString(),
                                                    QString::fromLocal8Bit(openssl.readAll()));
        return false;
    }
    return true;
}

bool TestCertificates::sign(const QString &name, const QString &altNames, int days,
                            QString &error) const
{
    const QString extensions = path(name + u".ext"_s);
    QFile file(extensions);
    if (!file.open(QIODevice::WriteOnly)
        || file.write("basicConstraints=critical,CA:FALSE\n"
                      "keyUsage=critical,digitalSignature,keyEncipherment\n"
                      "extendedKeyUsage=serverAuth\n"
                      "subjectAltName="
                      + altNames.toLatin1() + '\n')
               < 0) {
        error = u"cannot write %1"_s.arg(extensions);
        return false;
    }
    file.close();
    return run(QStringList{u"req"_s} + EcKey
                   + QStringList{u"-keyout"_s, name + u".key"_s, u"-out"_s, name + u".csr"_s,
                                 u"-subj"_s, u"/CN=lance-catalog-server test"_s},
               error)
           // -days -1 puts the end of validity a day before its start: expired since yesterday.
           && run({u"x509"_s, u"-req"_s, u"-in"_s, name + u".csr"_s, u"-CA"_s, u"ca.pem"_s,
                   u"-CAkey"_s, u"ca.key"_s, u"-CAcreateserial"_s, u"-out"_s, name + u".pem"_s,
                   u"-days"_s, QString::number(days), u"-extfile"_s, extensions},
                  error);
}

bool TestCertificates::make(QString &error)
{
    if (!m_folder.isValid()) {
        error = u"no temporary folder: %1"_s.arg(m_folder.errorString());
        return false;
    }
    const bool made
        = run(QStringList{u"req"_s, u"-x509"_s} + EcKey
                  + QStringList{u"-keyout"_s, u"ca.key"_s, u"-out"_s, u"ca.pem"_s, u"-days"_s,
                                u"2"_s, u"-subj"_s, u"/CN=Lance Catalog Browser test CA"_s,
                                u"-addext"_s, u"basicConstraints=critical,CA:TRUE"_s, u"-addext"_s,
                                u"keyUsage=critical,keyCertSign,cRLSign"_s},
              error)
          && sign(u"server"_s, u"IP:127.0.0.1,DNS:localhost"_s, 2, error)
          && sign(u"wrong-host"_s, u"DNS:catalog.example"_s, 2, error)
          && sign(u"expired"_s, u"IP:127.0.0.1,DNS:localhost"_s, -1, error);
    QFile::remove(path(u"ca.key")); // nothing else may sign with it
    return made;
}

} // namespace lance::test
