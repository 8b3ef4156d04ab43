// SPDX-License-Identifier: Apache-2.0
#include "staging/StagingJournal.h"

#include "api/JsonCodec.h"
#include "staging/JournalWriter.h"
#include "staging/PendingChanges.h"
#include "staging/StagedRenames.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace lance::staging {

namespace {

// Staged metadata; a journal this large is not one.
constexpr qint64 MaxJournalBytes = qint64{64} * 1024 * 1024;
constexpr qsizetype MaxReadableNameLength = 40;

} // namespace

StagingJournal::StagingJournal(const QString &folder, const QString &profile,
                               PendingChanges *changes, QObject *parent)
    : QObject(parent)
    , m_fileName(fileNameFor(folder, profile))
    , m_profile(profile)
    , m_changes(changes)
{}

StagingJournal::~StagingJournal() = default; // JournalWriter's destructor writes what waits

QString StagingJournal::fileNameFor(const QString &folder, const QString &profile)
{
    QString readable;
    for (const QChar c : profile) {
        if (readable.size() == MaxReadableNameLength) {
            break;
        }
        // ASCII only: valid and the same on every file system, whatever its encoding or case.
        if (c.unicode() < 128 && (c.isLetterOrNumber() || c == u'-' || c == u'_')) {
            readable.append(c);
        }
    }
    const QByteArray hash
        = QCryptographicHash::hash(profile.toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    const QString name = readable.isEmpty() ? QString::fromLatin1(hash)
                                            : readable + u'.' + QString::fromLatin1(hash);
    return QDir(folder).filePath(name + u".json"_s);
}

QByteArray StagingJournal::encode(const QString &profile, const QString &delimiter,
                                  const api::BatchCommitTablesRequest &request,
                                  const QList<api::RenameTableRequest> &renames)
{
    // Qt 6 keeps JSON integers as 64-bit integers, so versions and sizes stay exact.
    QJsonObject envelope{
        {u"format"_s, Format},
        {u"version"_s, FormatVersion},
        {u"profile"_s, profile},
        {u"delimiter"_s, delimiter},
        {u"savedAt"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {u"request"_s, QJsonDocument::fromJson(api::json::encode(request)).object()},
    };
    if (!renames.isEmpty()) {
        QJsonArray list;
        for (const api::RenameTableRequest &rename : renames) {
            list.append(QJsonDocument::fromJson(api::json::encode(rename)).object());
        }
        envelope.insert(u"renames"_s, list);
    }
    return QJsonDocument(envelope).toJson(QJsonDocument::Indented);
}

api::Result<QJsonObject> StagingJournal::envelope(const QByteArray &text, const QString &profile)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return api::ApiError::invalidInput(tr("it is not JSON (%1 at byte %2)")
                                               .arg(parseError.errorString())
                                               .arg(parseError.offset));
    }
    const QJsonObject envelope = document.object();
    if (!document.isObject() || envelope.value(u"format"_s).toString() != Format) {
        return api::ApiError::invalidInput(tr("it is not a journal of staged changes"));
    }
    const QJsonValue version = envelope.value(u"version"_s);
    if (!version.isDouble() || version.toInteger(-1) < 1 || version.toInteger(-1) > FormatVersion) {
        return api::ApiError::invalidInput(
            tr("it has format version %1, which this version of the app does not read")
                .arg(version.toVariant().toString()));
    }
    if (envelope.value(u"profile"_s).toString() != profile) {
        return api::ApiError::invalidInput(
            tr("it belongs to the profile \"%1\"").arg(envelope.value(u"profile"_s).toString()));
    }
    return envelope;
}

api::Result<api::BatchCommitTablesRequest> StagingJournal::decode(const QByteArray &text,
                                                                  const QString &profile)
{
    const auto checked = envelope(text, profile);
    if (!checked) {
        return checked.error();
    }
    const QJsonValue request = checked->value(u"request"_s);
    if (!request.isObject()) {
        return api::ApiError::invalidInput(tr("request: expected object"));
    }
    auto decoded = api::json::decode<api::BatchCommitTablesRequest>(
        QJsonDocument(request.toObject()).toJson(QJsonDocument::Compact));
    if (!decoded) {
        return api::ApiError::invalidInput(u"request.%1"_s.arg(decoded.error().detail()));
    }
    return decoded;
}

api::Result<QList<api::RenameTableRequest>> StagingJournal::decodeRenames(const QByteArray &text,
                                                                          const QString &profile)
{
    const auto checked = envelope(text, profile);
    if (!checked) {
        return checked.error();
    }
    const QJsonValue renames = checked->value(u"renames"_s);
    if (renames.isUndefined()) {
        return QList<api::RenameTableRequest>();
    }
    if (!renames.isArray()) {
        return api::ApiError::invalidInput(tr("renames: expected array"));
    }
    QList<api::RenameTableRequest> out;
    const QJsonArray list = renames.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        auto decoded = api::json::decode<api::RenameTableRequest>(
            QJsonDocument(list.at(i).toObject()).toJson(QJsonDocument::Compact));
        if (!decoded || !list.at(i).isObject()) {
            return api::ApiError::invalidInput(u"renames[%1]: %2"_s.arg(i).arg(
                decoded ? tr("expected object") : decoded.error().detail()));
        }
        out.append(std::move(*decoded));
    }
    return out;
}

api::Result<void> StagingJournal::restore()
{
    if (m_changes->isFrozen()) {
        return api::ApiError::invalidInput(
            tr("The staged changes of profile \"%1\" cannot be restored while a commit is "
               "in flight.")
                .arg(m_profile));
    }
    api::Result<void> problem;
    QFile file(m_fileName);
    if (file.exists()) {
        if (!file.open(QIODevice::ReadOnly)) {
            return api::ApiError::invalidInput(
                tr("The staged changes of profile \"%1\" could not be read from %2 (%3); "
                   "new changes are not saved until it can be read.")
                    .arg(m_profile, m_fileName, file.errorString()));
        }
        const QByteArray text = file.read(MaxJournalBytes + 1);
        file.close();
        auto request = text.size() > MaxJournalBytes ? api::Result<api::BatchCommitTablesRequest>(
                           api::ApiError::invalidInput(tr("it is larger than 64 MiB")))
                                                     : decode(text, m_profile);
        auto renames = request ? decodeRenames(text, m_profile)
                               : api::Result<QList<api::RenameTableRequest>>(request.error());
        if (request && renames) {
            m_changes->load(request->operations);
            m_changes->renames().load(*renames);
        } else {
            bool movedAside = false;
            problem = api::ApiError::invalidInput(
                keepAside(renames.error().userMessage(), &movedAside));
            if (!movedAside) {
                return problem; // writing now would overwrite the only copy
            }
        }
    }
    m_writer = std::make_unique<JournalWriter>(m_fileName, [this](const QString &message) {
        // On the writer's thread: post to this object's thread. The writer is joined before
        // this object is destroyed, so the event always finds a live object.
        QMetaObject::invokeMethod(
            this, [this, message] { emit writeFailed(message); }, Qt::QueuedConnection);
    });
    m_active = true;
    connect(m_changes, &PendingChanges::changed, this, &StagingJournal::save);
    return problem;
}

QString StagingJournal::keepAside(const QString &reason, bool *movedAside)
{
    const QString aside = u"%1.corrupt-%2"_s.arg(
        m_fileName, QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-HHmmss-zzz"_s));
    *movedAside = QFile::rename(m_fileName, aside);
    if (!*movedAside) {
        return tr("The staged changes of profile \"%1\" in %2 could not be used (%3) nor moved "
                  "aside; new changes are not saved until that file is moved away.")
            .arg(m_profile, m_fileName, reason);
    }
    return tr("The staged changes of profile \"%1\" could not be restored (%2); the file was "
              "kept as %3.")
        .arg(m_profile, reason, aside);
}

void StagingJournal::flush()
{
    if (m_writer) {
        m_writer->flush();
    }
}

void StagingJournal::save()
{
    if (m_changes->isEmpty()) {
        m_writer->submit(std::nullopt);
        return;
    }
    m_writer->submit(encode(m_profile, m_changes->delimiter(), m_changes->toRequest(),
                            m_changes->renames().renames()));
}

} // namespace lance::staging
