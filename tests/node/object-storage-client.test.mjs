// SPDX-License-Identifier: Apache-2.0
//
// The real Lance client against our server with its tables on an object store: @lancedb/lancedb
// (connectNamespace("rest"), managed versioning) writes a table's data and manifests to the
// store, and the server makes each staged manifest final there, records it, and reads its facts
// back from the store. The server's own restores and branches are written there too, and
// LanceDB reads and writes what they made.
//
//   LCB_SERVER_PATH=<build>/app/server/lance-catalog-server LCB_STORE=s3|azure \
//       node --openssl-legacy-provider --test object-storage-client.test.mjs
//
// The store is an emulator this test starts and stops itself: s3rver (S3) or Azurite (Azure
// Blob, which also honours If-None-Match, so writers racing for one version are arbitrated by
// the store as well as by the catalog). With LCB_SERVER_DATABASE (a postgresql:// address) the
// catalog is kept there, and a second server on the same database, sharing no folder with the
// first, serves the same tables.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startAzurite, startCatalogServer, startS3rver } from './catalog-server-process.mjs';

const arrow = await import('apache-arrow');
const { connectNamespace, makeArrowTable } = await import('@lancedb/lancedb');

const STORE = process.env.LCB_STORE ?? 's3';
const SCHEME = { s3: 's3', azure: 'az' }[STORE];
const BUCKET = 'lance';
const NAMESPACE = 'lake';
const STEP_TIMEOUT_MS = 60_000;

const SCHEMA = new arrow.Schema([
    new arrow.Field('id', new arrow.Int32(), false),
    new arrow.Field('name', new arrow.Utf8(), true),
]);
const BATCHES = [
    [{ id: 1, name: 'Ada' }, { id: 2, name: 'Zoë' }],
    [{ id: 3, name: '東京' }],
    [{ id: 4, name: 'Grace' }, { id: 5, name: null }],
];
const rowsAtVersion = (version) => BATCHES.slice(0, version).flat();

let folder;
let store;
let server;
let second; // a second server on the same PostgreSQL database, when there is one
let db;
let failed = false;

before(async () => {
    assert.ok(SCHEME, `LCB_STORE must be s3 or azure, not ${STORE}`);
    folder = mkdtempSync(join(tmpdir(), `lcb-on-${STORE}-`));
    store = STORE === 's3' ? await startS3rver(join(folder, 'store'), BUCKET)
                           : await startAzurite(join(folder, 'store'), BUCKET);
    const optionsFile = join(folder, 'storage-options.json');
    writeFileSync(optionsFile, JSON.stringify(store.storageOptions));
    const database = process.env.LCB_SERVER_DATABASE ?? join(folder, 'database');
    const args = (n) => {
        const list = ['--root', `${SCHEME}://${BUCKET}/catalog`, '--database', database,
                      '--storage-options-file', optionsFile, '--vend-credentials', '3600'];
        // For SpecConformance, named as the C++ tests name theirs (<test>-<pid>-<n>.jsonl).
        if (process.env.LCB_EXCHANGE_LOG_DIR) {
            const name = (STORE === 's3' ? 'LanceClientOnS3' : 'LanceClientOnAzure') +
                (process.env.LCB_SERVER_DATABASE ? 'OnPostgres' : '');
            list.push('--exchange-log', join(process.env.LCB_EXCHANGE_LOG_DIR, `${name}-${process.pid}-${n}.jsonl`));
        }
        return list;
    };
    server = await startCatalogServer(process.env.LCB_SERVER_PATH, args(1));
    if (process.env.LCB_SERVER_DATABASE) {
        second = await startCatalogServer(process.env.LCB_SERVER_PATH, args(2));
    }
});

after(async () => {
    await server?.stop();
    await second?.stop();
    await store?.stop();
    if (folder && !failed) rmSync(folder, { recursive: true, force: true });
    setTimeout(() => process.exit(), 2_000).unref();
});

function diagnostics() {
    return `\n--- server ---\n${server?.output ?? ''}\n--- store ---\n${store?.output ?? ''}`;
}

function step(name, body) {
    test(name, { timeout: STEP_TIMEOUT_MS }, async (t) => {
        if (failed) return t.skip('an earlier step failed');
        try {
            await body();
        } catch (error) {
            failed = true;
            error.message += diagnostics();
            throw error;
        }
    });
}

async function post(path, body = {}) {
    const answer = await fetch(`${server.url}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
    });
    return { status: answer.status, body: await answer.json().catch(() => null) };
}

const tableId = (name) => encodeURIComponent(`${NAMESPACE}$${name}`);
const sortedRows = (rows) => rows.map((r) => ({ id: r.id, name: r.name ?? null }))
    .sort((a, b) => a.id - b.id);

let table;

step('LanceDB creates a table and appends twice; the files are on the store', async () => {
    db = await connectNamespace('rest', { uri: server.url }, { storageOptions: store.storageOptions });
    await db.createNamespace([NAMESPACE]);
    table = await db.createTable('people', makeArrowTable(BATCHES[0], { schema: SCHEMA }), [NAMESPACE]);
    await table.add(makeArrowTable(BATCHES[1], { schema: SCHEMA }));
    await table.add(makeArrowTable(BATCHES[2], { schema: SCHEMA }));
    assert.equal(await table.version(), 3);
    const described = await post(`/v1/table/${tableId('people')}/describe`);
    assert.equal(described.status, 200);
    assert.equal(described.body.location, `${SCHEME}://${BUCKET}/catalog/${NAMESPACE}/people.lance`);
});

step('every version reads back as written', async () => {
    for (let version = 1; version <= 3; version += 1) {
        await table.checkout(version);
        assert.deepEqual(sortedRows(await table.query().toArray()), sortedRows(rowsAtVersion(version)));
    }
    await table.checkoutLatest();
});

step("our version records are final manifests whose facts equal LanceDB's listVersions()", async () => {
    const listed = await post(`/v1/table/${tableId('people')}/version/list`);
    assert.equal(listed.status, 200);
    const ours = listed.body.versions;
    const lance = await table.listVersions();
    assert.deepEqual(ours.map((v) => v.version), lance.map((v) => v.version));
    for (const [index, record] of ours.entries()) {
        // Final V2 names under the table's _versions/, bucket-relative as Lance writes them.
        assert.match(record.manifest_path,
                     new RegExp(`^catalog/${NAMESPACE}/people\\.lance/_versions/\\d{20}\\.manifest$`));
        assert.ok(record.e_tag, 'the record carries the store e-tag');
        assert.equal(record.timestamp_millis, lance[index].timestamp.getTime());
        for (const [key, value] of Object.entries(lance[index].metadata)) {
            assert.equal(record.metadata[key], value, `${key} of version ${record.version}`);
        }
        assert.equal(record.metadata.operation, index === 0 ? 'Overwrite' : 'Append');
    }
});

// LanceDB 0.31.0 asks for no credentials when it opens a table (its DescribeTable carries only
// the id), so what the server vends is checked over the REST API.
step('credentials are vended to a client that asks: the whole set, with an expiry', async () => {
    const described = await post(`/v1/table/${tableId('people')}/describe`, { vend_credentials: true });
    const vended = described.body.storage_options;
    for (const [key, value] of Object.entries(store.storageOptions)) {
        assert.equal(vended[key], value, key);
    }
    const expiresIn = Number(vended.expires_at_millis) - Date.now();
    assert.ok(expiresIn > 3_500_000 && expiresIn <= 3_600_000, `expires in ${expiresIn} ms`);
    // Not asked, not given.
    const plain = await post(`/v1/table/${tableId('people')}/describe`);
    assert.equal(plain.body.storage_options, undefined);
    const declared = await post(`/v1/table/${tableId('declared')}/declare`, { vend_credentials: true });
    assert.equal(declared.status, 200);
    assert.equal(declared.body.location, `${SCHEME}://${BUCKET}/catalog/${NAMESPACE}/declared.lance`);
    assert.ok(Number(declared.body.storage_options.expires_at_millis) > Date.now());
});

const onPostgres = process.env.LCB_SERVER_DATABASE ? step : (name) => test(name, { skip: 'one server on SQLite' });
onPostgres('a second server on the same PostgreSQL serves the same table, with no shared folder', async () => {
    const other = await connectNamespace('rest', { uri: second.url }, { storageOptions: store.storageOptions });
    const people = await other.openTable('people', [NAMESPACE], { storageOptions: store.storageOptions });
    assert.equal(await people.countRows(), rowsAtVersion(3).length);
    await people.add(makeArrowTable([{ id: 6, name: 'via the second server' }], { schema: SCHEMA }));
    const listed = await post(`/v1/table/${tableId('people')}/version/list`);
    assert.deepEqual(listed.body.versions.map((v) => v.version), [1, 2, 3, 4]);
    assert.equal(listed.body.versions[3].metadata.total_rows, String(rowsAtVersion(3).length + 1));
    // Back to three versions' worth for the steps below: LanceDB restores version 3.
    await people.checkout(3);
    await people.restore();
    await table.checkoutLatest();
    assert.equal(await table.countRows(), rowsAtVersion(3).length);
});

step('a version that is recorded already is refused, and a manifest outside _versions/ too', async () => {
    const listed = await post(`/v1/table/${tableId('people')}/version/list`);
    const [first] = listed.body.versions;
    const again = await post(`/v1/table/${tableId('people')}/version/create`, {
        version: 1, manifest_path: first.manifest_path });
    assert.equal(again.status, 409);
    const elsewhere = await post(`/v1/table/${tableId('people')}/version/create`, {
        version: 99, manifest_path: `catalog/${NAMESPACE}/other.lance/_versions/x.manifest` });
    assert.equal(elsewhere.status, 400);
    assert.match(elsewhere.body.error, /_versions|outside/);
});

step("LanceDB's restore() commits an old version again through the server", async () => {
    const before = await table.version();
    await table.checkout(1);
    await table.restore();
    assert.equal(await table.version(), before + 1);
    assert.deepEqual(sortedRows(await table.query().toArray()), sortedRows(rowsAtVersion(1)));
    const listed = await post(`/v1/table/${tableId('people')}/version/list`);
    assert.deepEqual(listed.body.versions.map((v) => v.version),
                     Array.from({ length: before + 1 }, (_, i) => i + 1));
    assert.equal(listed.body.versions.at(-1).metadata.operation, 'Restore');
});

step("the server's RestoreTable writes on the store, and LanceDB reads what it restored", async () => {
    const before = await table.version();
    const restored = await post(`/v1/table/${tableId('people')}/restore`, { version: 2 });
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.match(restored.body.transaction_id, /^[0-9a-f-]{36}$/);
    await table.checkoutLatest();
    assert.equal(await table.version(), before + 1);
    assert.deepEqual(sortedRows(await table.query().toArray()), sortedRows(rowsAtVersion(2)));
    const ours = (await post(`/v1/table/${tableId('people')}/version/list`)).body.versions;
    const lance = await table.listVersions();
    assert.deepEqual(ours.map((v) => v.version), lance.map((v) => v.version));
    const [record, theirs] = [ours.at(-1), lance.at(-1)];
    assert.equal(record.timestamp_millis, theirs.timestamp.getTime());
    for (const [key, value] of Object.entries(theirs.metadata)) {
        assert.equal(record.metadata[key], value, key);
    }
    assert.equal(record.metadata.operation, 'Restore');
    // Nothing staged is left in _versions/, and the restore's transaction is there.
    const prefix = `catalog/${NAMESPACE}/people.lance/`;
    assert.deepEqual((await store.listKeys(`${prefix}_versions/`)).filter((k) => !/\d{20}\.manifest$/.test(k)), []);
    assert.ok((await store.listKeys(`${prefix}_transactions/`))
        .some((k) => k.endsWith(`-${restored.body.transaction_id}.txn`)));
});

// CreateTableBranch and DeleteTableBranch on a table whose files are on the store: LanceDB
// lists the branch, opens it, reads the version it started at through the table's base on the
// store, writes on it (recorded on the branch) while main stays; and a branch LanceDB makes
// itself there is listed by the server.
step('branches made by the server on the store are LanceDB branches it reads and writes', async () => {
    const route = `/v1/table/${tableId('people')}/branches`;
    const mainRows = sortedRows(await table.query().toArray());
    const created = await post(`${route}/create`, { name: 'exp/one', from_version: 2 });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const main = await db.openTable('people', [NAMESPACE], { storageOptions: store.storageOptions });
    const listed = await (await main.branches()).list();
    assert.deepEqual(Object.keys(listed), ['exp/one']);
    assert.equal(Number(listed['exp/one'].parentVersion), 2);

    const one = await db.openTable('people', [NAMESPACE], { branch: 'exp/one', storageOptions: store.storageOptions });
    assert.deepEqual(sortedRows(await one.query().toArray()), sortedRows(rowsAtVersion(2)));
    const onBranch = [{ id: 7, name: 'on the branch' }];
    await one.add(makeArrowTable(onBranch, { schema: SCHEMA }));
    assert.deepEqual(sortedRows(await one.query().toArray()), sortedRows([...rowsAtVersion(2), ...onBranch]));
    const branchVersions = await post(`/v1/table/${tableId('people')}/version/list?branch=${encodeURIComponent('exp/one')}`);
    assert.deepEqual(branchVersions.body.versions.map((v) => v.version), [2, 3]);
    assert.match(branchVersions.body.versions[1].manifest_path,
                 new RegExp(`^catalog/${NAMESPACE}/people\\.lance/tree/exp/one/_versions/\\d{20}\\.manifest$`));
    await table.checkoutLatest();
    assert.deepEqual(sortedRows(await table.query().toArray()), mainRows);

    const two = await post(`${route}/create`, { name: 'exp/two', from_branch: 'exp/one' });
    assert.equal(two.status, 200, JSON.stringify(two.body));
    const onTwo = await db.openTable('people', [NAMESPACE], { branch: 'exp/two', storageOptions: store.storageOptions });
    assert.deepEqual(sortedRows(await onTwo.query().toArray()), sortedRows([...rowsAtVersion(2), ...onBranch]));
    assert.equal((await post(`${route}/delete`, { name: 'exp/one' })).status, 400);
    assert.equal((await post(`${route}/delete`, { name: 'exp/two' })).status, 200);
    assert.equal((await post(`${route}/delete`, { name: 'exp/one' })).status, 200);
    assert.deepEqual(await (await main.branches()).list(), {});
    assert.deepEqual(await store.listKeys(`catalog/${NAMESPACE}/people.lance/tree/`), []);
    assert.deepEqual(await store.listKeys(`catalog/${NAMESPACE}/people.lance/_refs/branches/`), []);
    await table.checkoutLatest();
    assert.deepEqual(sortedRows(await table.query().toArray()), mainRows);
});

step("a branch LanceDB makes on the store is the server's to list and delete", async () => {
    const route = `/v1/table/${tableId('people')}/branches`;
    const main = await db.openTable('people', [NAMESPACE], { storageOptions: store.storageOptions });
    await (await main.branches()).create('dev', 'main', 1);
    const listed = await post(`${route}/list`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(Object.keys(listed.body.branches), ['dev']);
    assert.equal(Number(listed.body.branches.dev.parentVersion), 1);
    // Its first version is recorded when it is first asked for, read from the store.
    const versions = await post(`/v1/table/${tableId('people')}/version/list?branch=dev`);
    assert.equal(versions.status, 200, JSON.stringify(versions.body));
    const lance = await (await db.openTable('people', [NAMESPACE], { branch: 'dev', storageOptions: store.storageOptions })).listVersions();
    assert.deepEqual(versions.body.versions.map((v) => v.version), lance.map((v) => v.version));
    assert.match(versions.body.versions[0].manifest_path,
                 new RegExp(`^catalog/${NAMESPACE}/people\\.lance/tree/dev/_versions/\\d{20}\\.manifest$`));
    assert.equal(versions.body.versions[0].timestamp_millis, lance[0].timestamp.getTime());
    assert.equal((await post(`${route}/delete`, { name: 'dev' })).status, 200);
    assert.deepEqual(await (await main.branches()).list(), {});
});

// On Azurite only: s3rver writes an object into its file in place, so a reader that comes while
// it writes reads an empty or partial manifest ("does not have sufficient data, len: 0"), a
// quirk of the emulator that S3 itself does not have.
const racing = STORE === 'azure' ? step : (name) => test(name, { skip: 's3rver writes objects in place' });
racing('writers appending at once all land, each on a version of its own', async () => {
    const racers = await db.createTable('race', makeArrowTable(BATCHES[0], { schema: SCHEMA }), [NAMESPACE]);
    const writers = 6;
    await Promise.all(Array.from({ length: writers }, async (_, index) => {
        const mine = await db.openTable('race', [NAMESPACE], { storageOptions: store.storageOptions });
        await mine.add(makeArrowTable([{ id: 100 + index, name: `writer ${index}` }], { schema: SCHEMA }));
    }));
    await racers.checkoutLatest();
    assert.equal(await racers.countRows(), BATCHES[0].length + writers);
    const listed = await post(`/v1/table/${tableId('race')}/version/list`);
    assert.deepEqual(listed.body.versions.map((v) => v.version),
                     Array.from({ length: writers + 1 }, (_, i) => i + 1));
});

step('DropTable deletes the table from the catalog and its objects from the store', async () => {
    const peopleRows = await (await db.openTable('people', [NAMESPACE], { storageOptions: store.storageOptions })).countRows();
    const doomed = await db.createTable('doomed', makeArrowTable(BATCHES[0], { schema: SCHEMA }), [NAMESPACE]);
    assert.equal(await doomed.countRows(), BATCHES[0].length);
    const prefix = `catalog/${NAMESPACE}/doomed.lance/`;
    assert.ok((await store.listKeys(prefix)).length >= 3, 'a data file, a manifest, a transaction');
    const dropped = await post(`/v1/table/${tableId('doomed')}/drop`);
    assert.equal(dropped.status, 200);
    const exists = await post(`/v1/table/${tableId('doomed')}/exists`);
    assert.equal(exists.status, 404);
    assert.deepEqual(await store.listKeys(prefix), []);
    // Only its own objects: the other table's are all there.
    assert.ok((await store.listKeys(`catalog/${NAMESPACE}/people.lance/`)).length > 0);
    // The other table is untouched and still reads.
    const people = await db.openTable('people', [NAMESPACE], { storageOptions: store.storageOptions });
    assert.equal(await people.countRows(), peopleRows);
});
