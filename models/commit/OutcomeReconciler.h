// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "commit/BatchStateReader.h"

#include <QObject>

namespace lance::commit {

/// After an Unknown outcome (the answer to a batch commit was lost), reads the server's state
/// for every operation and says whether the batch was applied. Reads only: it never sends the
/// batch again.
///
/// The effect each operation leaves when applied:
///  - declare table: the table exists;
///  - create version: the version exists with the manifest given (or with the final name the
///    server moved a staged `<final name>.manifest-<uuid>` to);
///  - delete versions: no version in the ranges is listed (versions later operations of the
///    batch create do not count);
///  - deregister table: the table does not exist.
/// An operation a later one of the batch undoes (anything before a deregistration of its table,
/// a version a later delete covers) is Superseded and does not count.
///
/// Never blocks; finished() is emitted later, once per reconcile(), unless cancelled.
class OutcomeReconciler : public QObject
{
    Q_OBJECT

public:
    enum class Verdict {
        AllApplied,  //!< every operation's effect is visible: the batch was committed
        NoneApplied, //!< no effect is visible: the batch is still staged and safe to send again
        Mixed,       //!< anything else: the findings say exactly what is seen
        ReadFailed,  //!< the server's state could not be read: still unknown, try again later
    };
    enum class Seen {
        Applied,    //!< the operation's effect is visible
        NotApplied, //!< it is not
        Superseded, //!< a later operation of the batch undoes it; not counted
        Unclear,    //!< something else is there (another manifest, a table gone)
        NotRead,    //!< the reading stopped before this operation
    };

    struct Finding
    {
        qsizetype index = -1;
        Seen seen = Seen::NotRead;
        /// "operation 2 (create version 3 of sales$orders): version 3 exists with the manifest
        /// s3://b/o/_versions/3.manifest": what is seen, in words.
        QString text;
    };

    struct Report
    {
        Verdict verdict = Verdict::ReadFailed;
        QList<Finding> findings; //!< one per operation, in request order
        std::optional<api::ApiError> readError;
        QString message; //!< one sentence for the verdict

        /// The findings' texts, in request order.
        QStringList findingTexts() const
        {
            QStringList texts;
            for (const Finding &finding : findings) {
                texts << finding.text;
            }
            return texts;
        }
    };

    explicit OutcomeReconciler(api::CatalogService &service, QObject *parent = nullptr);

    /// Reads the state for every operation of `request`. Starting again cancels the running one.
    void reconcile(const api::BatchCommitTablesRequest &request);
    void cancel();
    bool isRunning() const { return m_reader.isRunning(); }

    /// The report for a snapshot read with Tables and Versions, without reading.
    static Report judge(const api::BatchCommitTablesRequest &request,
                        const BatchStateReader::Snapshot &snapshot);

signals:
    void finished(const lance::commit::OutcomeReconciler::Report &report);

private:
    BatchStateReader m_reader;
};

} // namespace lance::commit

Q_DECLARE_METATYPE(lance::commit::OutcomeReconciler::Report)
