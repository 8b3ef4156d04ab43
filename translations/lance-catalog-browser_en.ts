<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>BatchFile</name>
    <message numerus="yes">
        <source>Import %n operation(s) from %1</source>
        <translation>
            <numerusform>Import %n operation from %1</numerusform>
            <numerusform>Import %n operations from %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CleanupPlanText</name>
    <message numerus="yes">
        <source>%n version(s)</source>
        <translation>
            <numerusform>%n version</numerusform>
            <numerusform>%n versions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be removed; the next cleanup tries again.</source>
        <translation>
            <numerusform>%n file could not be removed; the next cleanup tries again.</numerusform>
            <numerusform>%n files could not be removed; the next cleanup tries again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ManifestDropQuestions</name>
    <message numerus="yes">
        <source>%n dropped file(s) or folder(s) cannot be registered.</source>
        <translation>
            <numerusform>%n dropped file or folder cannot be registered.</numerusform>
            <numerusform>%n dropped files or folders cannot be registered.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The valid part is %n operation(s); nothing is staged unless you stage it.</source>
        <translation>
            <numerusform>The valid part is %n operation; nothing is staged unless you stage it.</numerusform>
            <numerusform>The valid part is %n operations; nothing is staged unless you stage it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n manifest(s) on the object store cannot be registered.</source>
        <translation>
            <numerusform>%n manifest on the object store cannot be registered.</numerusform>
            <numerusform>%n manifests on the object store cannot be registered.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OperationText</name>
    <message numerus="yes">
        <source>%n version(s) deleted</source>
        <translation>
            <numerusform>%n version deleted</numerusform>
            <numerusform>%n versions deleted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) declared</source>
        <translation>
            <numerusform>%n table declared</numerusform>
            <numerusform>%n tables declared</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n version(s) created</source>
        <translation>
            <numerusform>%n version created</numerusform>
            <numerusform>%n versions created</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) deregistered</source>
        <translation>
            <numerusform>%n table deregistered</numerusform>
            <numerusform>%n tables deregistered</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StagingCheck</name>
    <message numerus="yes">
        <source>This deletes every version of %1 (%n version(s)); the table stays registered with nothing left to read.</source>
        <translation>
            <numerusform>This deletes every version of %1 (%n version); the table stays registered with nothing left to read.</numerusform>
            <numerusform>This deletes every version of %1 (%n versions); the table stays registered with nothing left to read.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableHealthText</name>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fragment(s)</source>
        <translation>
            <numerusform>%n fragment</numerusform>
            <numerusform>%n fragments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TransactionText</name>
    <message numerus="yes">
        <source>%n table(s) declared</source>
        <translation>
            <numerusform>%n table declared</numerusform>
            <numerusform>%n tables declared</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n version(s) created</source>
        <translation>
            <numerusform>%n version created</numerusform>
            <numerusform>%n versions created</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n version deletion(s)</source>
        <translation>
            <numerusform>%n version deletion</numerusform>
            <numerusform>%n version deletions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) deregistered</source>
        <translation>
            <numerusform>%n table deregistered</numerusform>
            <numerusform>%n tables deregistered</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) renamed</source>
        <translation>
            <numerusform>%n table renamed</numerusform>
            <numerusform>%n tables renamed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n version(s) deleted</source>
        <translation>
            <numerusform>%n version deleted</numerusform>
            <numerusform>%n versions deleted</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VersionFactsText</name>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fragment(s)</source>
        <translation>
            <numerusform>%n fragment</numerusform>
            <numerusform>%n fragments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::browser::CommandLineFiles</name>
    <message numerus="yes">
        <source>%n table(s) have their location at %1.</source>
        <translation>
            <numerusform>%n table has its location at %1.</numerusform>
            <numerusform>%n tables have their location at %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::cli::CommitCommand</name>
    <message numerus="yes">
        <source>%n version(s) deleted</source>
        <translation>
            <numerusform>%n version deleted</numerusform>
            <numerusform>%n versions deleted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Dry run: %n operation(s) checked, nothing sent.</source>
        <translation>
            <numerusform>Dry run: %n operation checked, nothing sent.</numerusform>
            <numerusform>Dry run: %n operations checked, nothing sent.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Dry run: %n operation(s) checked, nothing applied to the local catalog in %1.</source>
        <translation>
            <numerusform>Dry run: %n operation checked, nothing applied to the local catalog in %1.</numerusform>
            <numerusform>Dry run: %n operations checked, nothing applied to the local catalog in %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::details::StorageTester</name>
    <message numerus="yes">
        <source>Listed %n manifest(s) of %1 in %2.</source>
        <translation>
            <numerusform>Listed %n manifest of %1 in %2.</numerusform>
            <numerusform>Listed %n manifests of %1 in %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::staging::StagedRenames</name>
    <message numerus="yes">
        <source>Remove %n staged rename(s)</source>
        <translation>
            <numerusform>Remove %n staged rename</numerusform>
            <numerusform>Remove %n staged renames</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::ActivityIndicator</name>
    <message numerus="yes">
        <source>%1 (and %n more)</source>
        <translation>
            <numerusform>%1 (and %n more)</numerusform>
            <numerusform>%1 (and %n more)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) running</source>
        <translation>
            <numerusform>%n request running</numerusform>
            <numerusform>%n requests running</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::CommitController</name>
    <message numerus="yes">
        <source>Committing %n operation(s)…</source>
        <translation>
            <numerusform>Committing %n operation…</numerusform>
            <numerusform>Committing %n operations…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Committed %n operation(s) as one batch.</source>
        <translation>
            <numerusform>Committed %n operation as one batch.</numerusform>
            <numerusform>Committed %n operations as one batch.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Committed %n operation(s) as one batch: %1.</source>
        <translation>
            <numerusform>Committed %n operation as one batch: %1.</numerusform>
            <numerusform>Committed %n operations as one batch: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 Reading it back shows the catalog as committed (%n operation(s) in place).</source>
        <translation>
            <numerusform>%1 Reading it back shows the catalog as committed (%n operation in place).</numerusform>
            <numerusform>%1 Reading it back shows the catalog as committed (%n operations in place).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Apply %n staged rename(s) now?</source>
        <translation>
            <numerusform>Apply %n staged rename now?</numerusform>
            <numerusform>Apply %n staged renames now?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::CommitReviewDialog</name>
    <message numerus="yes">
        <source>%n operation(s) will be sent to %1 as one batch commit: all are applied, or none.</source>
        <translation>
            <numerusform>%n operation will be sent to %1 as one batch commit: it is applied, or not at all.</numerusform>
            <numerusform>%n operations will be sent to %1 as one batch commit: all are applied, or none.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) below: read them before committing.</source>
        <translation>
            <numerusform>%n warning below: read it before committing.</numerusform>
            <numerusform>%n warnings below: read them before committing.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::ConflictDialog</name>
    <message numerus="yes">
        <source>&lt;b&gt;Nothing was applied.&lt;/b&gt; The catalog changed in a way that conflicts with %n staged operation(s); everything is still staged.</source>
        <translation>
            <numerusform>&lt;b&gt;Nothing was applied.&lt;/b&gt; The catalog changed in a way that conflicts with %n staged operation; everything is still staged.</numerusform>
            <numerusform>&lt;b&gt;Nothing was applied.&lt;/b&gt; The catalog changed in a way that conflicts with %n staged operations; everything is still staged.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::ConnectionCommands</name>
    <message numerus="yes">
        <source>Saved %n request(s) to %1</source>
        <translation>
            <numerusform>Saved %n request to %1</numerusform>
            <numerusform>Saved %n requests to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::DeleteVersionsDialog</name>
    <message numerus="yes">
        <source>Deletes %n loaded version(s): %1.</source>
        <translation>
            <numerusform>Deletes %n loaded version: %1.</numerusform>
            <numerusform>Deletes %n loaded versions: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::HistoryPanel</name>
    <message numerus="yes">
        <source>The newest %n transaction(s); more load as you scroll.</source>
        <translation>
            <numerusform>The newest transaction; more load as you scroll.</numerusform>
            <numerusform>The newest %n transactions; more load as you scroll.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n transaction(s), newest first.</source>
        <translation>
            <numerusform>%n transaction, newest first.</numerusform>
            <numerusform>%n transactions, newest first.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::ManifestDropController</name>
    <message numerus="yes">
        <source>Register %n manifest(s) of %1</source>
        <translation>
            <numerusform>Register %n manifest of %1</numerusform>
            <numerusform>Register %n manifests of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Register %n dataset(s): %1</source>
        <translation>
            <numerusform>Register %n dataset: %1</numerusform>
            <numerusform>Register %n datasets: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %n dropped file(s) or folder(s)…</source>
        <translation>
            <numerusform>Reading %n dropped file or folder…</numerusform>
            <numerusform>Reading %n dropped files or folders…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %n manifest(s) on the table&apos;s object store…</source>
        <translation>
            <numerusform>Reading %n manifest on the table&apos;s object store…</numerusform>
            <numerusform>Reading %n manifests on the table&apos;s object store…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::NamespaceController</name>
    <message numerus="yes">
        <source>%n namespace(s)</source>
        <translation>
            <numerusform>%n namespace</numerusform>
            <numerusform>%n namespaces</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s)</source>
        <translation>
            <numerusform>%n table</numerusform>
            <numerusform>%n tables</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::PendingChangesPanel</name>
    <message numerus="yes">
        <source>Discard the %n staged operation(s)?</source>
        <translation>
            <numerusform>Discard the %n staged operation?</numerusform>
            <numerusform>Discard the %n staged operations?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with problems, %1 blocking the commit</source>
        <translation>
            <numerusform>%n row with problems, %1 blocking the commit</numerusform>
            <numerusform>%n rows with problems, %1 blocking the commit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with warnings</source>
        <translation>
            <numerusform>%n row with warnings</numerusform>
            <numerusform>%n rows with warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::RenameRunner</name>
    <message numerus="yes">
        <source>%n rename(s) stay staged; remove or retry them from Pending Changes.</source>
        <translation>
            <numerusform>%n rename stays staged; remove or retry it from Pending Changes.</numerusform>
            <numerusform>%n renames stay staged; remove or retry them from Pending Changes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lance::ui::StagingController</name>
    <message numerus="yes">
        <source>%n operation(s) are staged and not committed.</source>
        <translation>
            <numerusform>%n operation is staged and not committed.</numerusform>
            <numerusform>%n operations are staged and not committed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deregister %n table(s)</source>
        <translation>
            <numerusform>Deregister %n table</numerusform>
            <numerusform>Deregister %n tables</numerusform>
        </translation>
    </message>
</context>
</TS>
