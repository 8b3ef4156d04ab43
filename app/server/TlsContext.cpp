// SPDX-License-Identifier: Apache-2.0
#include "TlsContext.h"

#include <QDir>
#include <QFile>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

namespace lance::server {

namespace {

// OpenSSL's last error code, and its error queue emptied for the next call.
unsigned long lastOpenSslError()
{
    unsigned long code = 0;
    unsigned long last = 0;
    while ((code = ERR_get_error()) != 0) {
        last = code;
    }
    return last;
}

QString reasonOf(unsigned long code)
{
    const char *reason = code != 0 ? ERR_reason_error_string(code) : nullptr;
    return reason ? QString::fromLatin1(reason) : TlsContext::tr("unknown OpenSSL error");
}

QString mismatch(const TlsContext::Files &files)
{
    return TlsContext::tr("The TLS key in %1 does not belong to the certificate in %2.")
        .arg(QDir::toNativeSeparators(files.privateKey),
             QDir::toNativeSeparators(files.certificateChain));
}

// A file OpenSSL will read, checked first so that "missing" or "permission denied" is said
// in the system's words rather than as a PEM error.
bool readable(const QString &path, const QString &what, QString &error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = TlsContext::tr("The TLS %1 file %2 cannot be read: %3.")
                    .arg(what, QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

} // namespace

bool TlsContext::configure(ssl_ctx_st &context, const Files &files, QString &error)
{
    ERR_clear_error();
    if (!readable(files.certificateChain, tr("certificate"), error)
        || !readable(files.privateKey, tr("key"), error)) {
        return false;
    }
    SSL_CTX_set_options(&context, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION);
    SSL_CTX_set_min_proto_version(&context, TLS1_2_VERSION);
    const QByteArray chain = QFile::encodeName(files.certificateChain);
    if (SSL_CTX_use_certificate_chain_file(&context, chain.constData()) != 1) {
        error = tr("The TLS certificate file %1 holds no usable PEM certificate: %2.")
                    .arg(QDir::toNativeSeparators(files.certificateChain),
                         reasonOf(lastOpenSslError()));
        return false;
    }
    const QByteArray key = QFile::encodeName(files.privateKey);
    // No passphrase prompt: a server has no one to ask, and OpenSSL would read the terminal.
    SSL_CTX_set_default_passwd_cb(&context, [](char *, int, int, void *) { return 0; });
    if (SSL_CTX_use_PrivateKey_file(&context, key.constData(), SSL_FILETYPE_PEM) != 1) {
        // OpenSSL compares the key with the certificate as it loads it.
        const unsigned long code = lastOpenSslError();
        error = ERR_GET_REASON(code) == X509_R_KEY_VALUES_MISMATCH
                    ? mismatch(files)
                    : tr("The TLS key file %1 holds no usable unencrypted PEM private key: %2.")
                          .arg(QDir::toNativeSeparators(files.privateKey), reasonOf(code));
        return false;
    }
    if (SSL_CTX_check_private_key(&context) != 1) {
        error = mismatch(files);
        ERR_clear_error();
        return false;
    }
    return true;
}

std::optional<QString> TlsContext::validityWarning(const ssl_ctx_st &context)
{
    // SSL_CTX_get0_certificate takes a non-const context but only reads it.
    X509 *certificate = SSL_CTX_get0_certificate(const_cast<SSL_CTX *>(&context));
    if (!certificate) {
        return std::nullopt;
    }
    if (X509_cmp_current_time(X509_get0_notAfter(certificate)) < 0) {
        return tr("The TLS certificate has expired; clients will refuse to connect.");
    }
    if (X509_cmp_current_time(X509_get0_notBefore(certificate)) > 0) {
        return tr("The TLS certificate is not valid yet; clients will refuse to connect.");
    }
    return std::nullopt;
}

} // namespace lance::server
