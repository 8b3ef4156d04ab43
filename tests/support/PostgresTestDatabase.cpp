// SPDX-License-Identifier: Apache-2.0
#include "PostgresTestDatabase.h"

#include <QFile>
#include <QRandomGenerator>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

// LCB_POSTGRES_URL='…' from the fixture's file.
QString adminUrlFromFixture(const QString &file, QString &error)
{
    if (file.isEmpty()) {
        error = u"LCB_TEST_POSTGRES is not set: run this test through ctest, which starts the "
                u"private PostgreSQL (fixture postgres)"_s;
        return {};
    }
    QFile env(file);
    if (!env.open(QIODevice::ReadOnly)) {
        error = u"the private PostgreSQL is not running: %1 cannot be read"_s.arg(file);
        return {};
    }
    const QString prefix = u"LCB_POSTGRES_URL="_s;
    for (const QByteArray &line : env.readAll().split('\n')) {
        QString text = QString::fromUtf8(line).trimmed();
        if (text.startsWith(prefix)) {
            text = text.mid(prefix.size());
            if (text.startsWith(u'\'') && text.endsWith(u'\'') && text.size() >= 2) {
                text = text.mid(1, text.size() - 2);
            }
            return text;
        }
    }
    error = u"%1 does not say where the private PostgreSQL is"_s.arg(file);
    return {};
}

// `url` naming the database `name` instead.
QString withDatabase(const QString &url, const QString &name)
{
    QUrl address(url);
    address.setPath(u'/' + name);
    return address.toString();
}

} // namespace

PostgresTestDatabase::PostgresTestDatabase()
    : PostgresTestDatabase(qEnvironmentVariable("LCB_TEST_POSTGRES"))
{}

PostgresTestDatabase::PostgresTestDatabase(const QString &envFile)
{
    m_adminUrl = adminUrlFromFixture(envFile, m_error);
    if (m_adminUrl.isEmpty()) {
        return;
    }
    auto admin = engine::PostgresConnection::open({m_adminUrl, std::nullopt});
    if (!admin) {
        m_error = admin.error().userMessage();
        return;
    }
    const QString name = u"lcb_test_%1"_s.arg(qulonglong(QRandomGenerator::global()->generate64()),
                                              16, 16, QChar(u'0'));
    // Names are ours and plain: no quoting needed, and none possible in a parameter.
    if (const auto made = (*admin)->execute(u"CREATE DATABASE "_s + name, {}); !made) {
        m_error = made.error().userMessage();
        return;
    }
    m_name = name;
    m_url = withDatabase(m_adminUrl, name);
}

PostgresTestDatabase::~PostgresTestDatabase()
{
    if (m_name.isEmpty()) {
        return;
    }
    auto admin = engine::PostgresConnection::open({m_adminUrl, std::nullopt});
    if (admin) {
        // WITH (FORCE): a connection a test left open does not keep the database.
        (void)(*admin)->execute(u"DROP DATABASE IF EXISTS %1 WITH (FORCE)"_s.arg(m_name), {});
    }
}

} // namespace lance::test
