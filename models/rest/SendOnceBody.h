// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QIODevice>

namespace lance::rest {

/// A request body Qt can read exactly once.
///
/// Qt's HTTP/1 client silently sends a request again, on a new connection, when the server
/// closes the connection after receiving it and before answering, whatever the method (the
/// "reconnect attempts" in QHttpNetworkConnectionChannel). For a write that could apply it twice.
/// Qt has to rewind the body to send it again; this device refuses to rewind, so Qt reports
/// QNetworkReply::ContentReSendError instead, and RestCall decides (reads are retried, writes
/// never). Used with QNetworkRequest::DoNotBufferUploadDataAttribute and a Content-Length, so Qt
/// streams from it instead of copying it into a buffer it could rewind.
class SendOnceBody : public QIODevice
{
    Q_OBJECT

public:
    explicit SendOnceBody(QByteArray data, QObject *parent = nullptr);

    bool isSequential() const override { return true; }
    bool reset() override { return false; } //!< the point of this class
    qint64 bytesAvailable() const override;
    bool atEnd() const override;

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 maxSize) override;

private:
    QByteArray m_data;
    qint64 m_offset = 0;
};

} // namespace lance::rest
