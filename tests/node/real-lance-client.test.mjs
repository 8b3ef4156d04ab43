// SPDX-License-Identifier: Apache-2.0
//
// The real Lance client against our server: @lancedb/lancedb (pinned in package.json) drives
// lance-catalog-server through connectNamespace("rest", {uri}), the way a LanceDB user would.
//
//   LCB_SERVER_PATH=<build>/app/server/lance-catalog-server node --test real-lance-client.test.mjs
//
// Env: LCB_SERVER_PATH (required) is the server executable; LCB_EXCHANGE_LOG_DIR (optional) is
// where the server's exchange log goes, for validate-exchanges.mjs (SpecConformance) to check
// afterwards. Without it the log goes into the temporary catalog root. LCB_SERVER_DATABASE
// (optional), a postgresql:// address: the server keeps the catalog there (--database), and
// the temporary root holds only the tables' data.
//
// The steps build on one another and run in order; once one fails the rest are skipped. A failure
// message carries the server's stderr and every request the server answered with an error.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';

// The packages come from `npm ci --prefix tests/node` (scripts/test.sh runs it): say so plainly
// when they are missing, rather than with a module resolution stack trace.
async function load(name) {
    try {
        return await import(name);
    } catch (error) {
        if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
        throw new Error(`the package ${name} is not installed; ` +
                        'run: npm ci --prefix tests/node --no-audit --no-fund');
    }
}
const arrow = await load('apache-arrow');
const { connectNamespace, makeArrowTable } = await load('@lancedb/lancedb');

const SERVER = process.env.LCB_SERVER_PATH;
const STEP_TIMEOUT_MS = 60_000;
const U64_MAX = 18446744073709551615n;

const NAMESPACE = 'lcb_node';
const NAMESPACE_PROPERTIES = { owner: 'qa', purpose: 'real Lance client test' };
const TABLE = 'people';
const TABLE_ID = [NAMESPACE, TABLE];

// What the table holds after each version: v1 = create, v2 and v3 = two adds.
const SCHEMA = new arrow.Schema([
    new arrow.Field('id', new arrow.Int32(), false),
    new arrow.Field('name', new arrow.Utf8(), false),
    new arrow.Field('score', new arrow.Float64(), true),
]);
const BATCHES = [
    [
        { id: 1, name: 'Ada', score: 91.5 },
        { id: 2, name: 'Zoë', score: null },
    ],
    [{ id: 3, name: '東京', score: -0.25 }],
    [
        { id: 4, name: 'Grace "Amazing" Hopper', score: 1e6 },
        { id: 5, name: 'a$b/c..d', score: 0 },
    ],
];
const rowsAtVersion = (version) => BATCHES.slice(0, version).flat();

// --- The server process ------------------------------------------------------------------------

const server = {
    child: null,
    url: null,
    root: null,
    exchangeLog: null,
    stderr: '',
    exit: null, // {code, signal} once it has exited
};
// Set by the first step that fails (or never ends), and when the server does not start.
let failed = false;

function startServer() {
    if (!SERVER) {
        throw new Error('LCB_SERVER_PATH is not set: point it at the lance-catalog-server executable ' +
                        '(ctest sets it; by hand: LCB_SERVER_PATH=<build>/.../lance-catalog-server)');
    }
    if (!existsSync(SERVER)) {
        throw new Error(`LCB_SERVER_PATH=${SERVER} does not exist: build lance-catalog-server first`);
    }

    server.root = mkdtempSync(join(tmpdir(), 'lcb-lance-client-'));
    const logDir = process.env.LCB_EXCHANGE_LOG_DIR || server.root;
    mkdirSync(logDir, { recursive: true });
    // The C++ tests name theirs <test>-<pid>-<n>.jsonl; this follows suit.
    const name = process.env.LCB_SERVER_DATABASE ? 'LanceClientRestOnPostgres' : 'LanceClientRest';
    server.exchangeLog = join(logDir, `${name}-${process.pid}-1.jsonl`);
    const catalogRoot = join(server.root, 'catalog');
    mkdirSync(catalogRoot);
    const args = ['--root', catalogRoot, '--port', '0', '--exchange-log', server.exchangeLog];
    if (process.env.LCB_SERVER_DATABASE) args.push('--database', process.env.LCB_SERVER_DATABASE);

    const child = spawn(SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    server.child = child;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
        server.stderr = (server.stderr + text).slice(-16_384);
    });
    const exited = new Promise((resolve) => {
        child.on('exit', (code, signal) => {
            server.exit = { code, signal };
            resolve(server.exit);
        });
    });
    server.exited = exited;

    return new Promise((resolve, reject) => {
        let stdout = '';
        const timer = setTimeout(() => {
            reject(new Error(`lance-catalog-server printed no "Listening on" line within 30 s; ` +
                             `stdout: ${JSON.stringify(stdout)}${serverDiagnostics()}`));
        }, 30_000);
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (text) => {
            stdout += text;
            const match = stdout.match(/^Listening on (http:\/\/\S+)\r?\n/m);
            if (match && !server.url) {
                clearTimeout(timer);
                server.url = match[1];
                resolve();
            }
        });
        child.on('error', (error) => {
            clearTimeout(timer);
            reject(new Error(`cannot start ${SERVER}: ${error.message}`));
        });
        exited.then(({ code, signal }) => {
            clearTimeout(timer);
            if (!server.url) {
                reject(new Error(`lance-catalog-server ${args.join(' ')} exited (code ${code}, ` +
                                 `signal ${signal}) before it listened${serverDiagnostics()}`));
            }
        });
    });
}

function readExchanges() {
    if (!server.exchangeLog || !existsSync(server.exchangeLog)) return [];
    const lines = readFileSync(server.exchangeLog, 'utf8').split('\n').filter((line) => line.trim());
    return lines.map((line) => {
        try {
            return JSON.parse(line);
        } catch {
            return { unparsable: line };
        }
    });
}

// What a failure message needs: the server's stderr and the requests it refused.
function serverDiagnostics() {
    let text = '';
    const refused = readExchanges().filter((e) => !(e.status >= 200 && e.status < 300));
    if (refused.length > 0) {
        const cut = (value, limit) => {
            const json = JSON.stringify(value) ?? 'undefined';
            return json.length > limit ? `${json.slice(0, limit)}...` : json;
        };
        text += `\n--- requests the server answered with an error: ${refused.length}` +
            `${refused.length > 10 ? ', the first 10' : ''} (from its exchange log) ---\n` +
            refused.slice(0, 10).map((e) => `${e.operation} ${e.method} ${e.path} ` +
                `${cut(e.request, 400)} -> ${e.status} ${cut(e.response, 1000)}`).join('\n');
    }
    text += `\n--- lance-catalog-server stderr (last ${server.stderr.length} characters) ---\n` +
        (server.stderr || '(empty)');
    if (server.exit) text += `\n--- the server has exited: ${JSON.stringify(server.exit)} ---`;
    return text;
}

before(async () => {
    try {
        await startServer();
    } catch (error) {
        failed = true; // keeps the catalog root for a look
        throw error;
    }
});

after(async () => {
    // Whatever happened, leave no server behind.
    if (server.child && !server.exit) {
        server.child.kill('SIGKILL');
        await server.exited;
    }
    if (server.root && !failed) rmSync(server.root, { recursive: true, force: true });
    else if (server.root) console.log(`# kept the catalog root for inspection: ${server.root}`);
    // After a failure the client's native code may still be retrying a commit in the background,
    // which would keep this process alive for minutes: give it a moment, then end it (the results
    // are reported by then). The timer holds nothing alive when all went well.
    setTimeout(() => process.exit(), 2_000).unref();
});

// --- Steps -------------------------------------------------------------------------------------

// One step of the scenario: skipped once an earlier one failed, given up after STEP_TIMEOUT_MS
// (a client whose commit the server refuses retries for minutes), and a failure says what the
// server saw.
function step(name, body) {
    test(name, { timeout: STEP_TIMEOUT_MS + 30_000 }, async (t) => {
        if (failed) {
            t.skip('an earlier step failed');
            return;
        }
        failed = true; // until the step succeeds: a step that never ends fails too
        let timer;
        const timeout = new Promise((resolve, reject) => {
            timer = setTimeout(() => reject(new Error(`no result within ${STEP_TIMEOUT_MS / 1000} s`)),
                               STEP_TIMEOUT_MS);
        });
        try {
            await Promise.race([body(t), timeout]);
            failed = false;
        } catch (error) {
            if (error instanceof Error) {
                error.message += serverDiagnostics();
                throw error;
            }
            throw new Error(`${String(error)}${serverDiagnostics()}`);
        } finally {
            clearTimeout(timer);
        }
    });
}

// The plain REST API, as the spec has it: POST with a JSON body unless it's a GET.
async function rest(method, route, body) {
    const response = await fetch(`${server.url}${route}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json = null;
    try {
        json = text ? JSON.parse(text) : null;
    } catch {
        // leave it null; the status tells
    }
    return { status: response.status, json, text };
}

const encodedId = (id) => encodeURIComponent(id.join('$'));

async function expectOk(method, route, body) {
    const answer = await rest(method, route, body);
    assert.ok(answer.status >= 200 && answer.status < 300,
              `${method} ${route} ${JSON.stringify(body)} answered ${answer.status}: ${answer.text}`);
    return answer.json;
}

// Rows as plain objects, in id order.
async function readRows(table) {
    const result = await table.query().toArrow();
    return result.toArray().map((row) => ({ ...row.toJSON() })).sort((a, b) => a.id - b.id);
}

// The filesystem path of a manifest_path: an object-store path, which for local storage is the
// absolute path without its leading "/".
const manifestFile = (manifestPath) => (isAbsolute(manifestPath) ? manifestPath : `/${manifestPath}`);
// Lance's V2 manifest naming: u64::MAX - version, zero-padded to 20 digits.
const v2ManifestName = (version) =>
    `${(U64_MAX - BigInt(version)).toString().padStart(20, '0')}.manifest`;

let db;
let table;
let location; // the table's folder, from DescribeTable

step('connects through connectNamespace("rest", {uri})', async () => {
    db = await connectNamespace('rest', { uri: server.url });
    assert.ok(db.isOpen());
});

step('creates a namespace with properties', async () => {
    const created = await db.createNamespace([NAMESPACE], { properties: NAMESPACE_PROPERTIES });
    assert.deepEqual(created.properties ?? NAMESPACE_PROPERTIES, NAMESPACE_PROPERTIES);
    const listed = await db.listNamespaces();
    assert.ok(listed.namespaces.includes(NAMESPACE), `listNamespaces() gave ${JSON.stringify(listed)}`);
    const described = await db.describeNamespace([NAMESPACE]);
    assert.deepEqual(described.properties, NAMESPACE_PROPERTIES);
});

step('creates a table with rows (declare, data, version/create)', async () => {
    table = await db.createTable(TABLE, makeArrowTable(BATCHES[0], { schema: SCHEMA }), [NAMESPACE]);
    assert.equal(await table.version(), 1);
    assert.deepEqual(await readRows(table), rowsAtVersion(1));
    assert.deepEqual(await db.tableNames([NAMESPACE]), [TABLE]);
});

step('adds rows twice', async () => {
    await table.add(makeArrowTable(BATCHES[1], { schema: SCHEMA }));
    assert.equal(await table.version(), 2);
    await table.add(makeArrowTable(BATCHES[2], { schema: SCHEMA }));
    assert.equal(await table.version(), 3);
});

step('lists versions 1, 2, 3', async () => {
    const versions = await table.listVersions();
    assert.deepEqual(versions.map((v) => v.version), [1, 2, 3]);
    assert.deepEqual(versions.map((v) => v.metadata.total_rows),
                     [1, 2, 3].map((v) => String(rowsAtVersion(v).length)));
});

step('reads back at each version exactly what was written', async () => {
    for (const version of [1, 2, 3]) {
        await table.checkout(version);
        assert.equal(await table.version(), version);
        assert.deepEqual(await readRows(table), rowsAtVersion(version), `rows at version ${version}`);
    }
    await table.checkoutLatest();
    assert.deepEqual(await readRows(table), rowsAtVersion(3));
    // A fresh handle, opened through DescribeTable, sees the latest version too.
    const reopened = await db.openTable(TABLE, [NAMESPACE]);
    assert.equal(await reopened.version(), 3);
    assert.deepEqual(await readRows(reopened), rowsAtVersion(3));
    const columns = (schema) =>
        schema.fields.map((f) => `${f.name}: ${f.type}${f.nullable ? ' (nullable)' : ''}`);
    assert.deepEqual(columns(await reopened.schema()), columns(SCHEMA));
});

step('the REST API describes the table and its version records', async () => {
    const route = `/v1/table/${encodedId(TABLE_ID)}`;
    const described = await expectOk('POST', `${route}/describe?delimiter=$`, { id: TABLE_ID });
    assert.equal(described.managed_versioning, true, `describe: ${JSON.stringify(described)}`);
    assert.equal(typeof described.location, 'string', `describe: ${JSON.stringify(described)}`);
    location = described.location.replace(/^file:\/\//, '');
    const catalogRoot = join(server.root, 'catalog');
    assert.ok(!relative(catalogRoot, location).startsWith('..'),
              `the table location ${location} should lie inside the catalog root ${catalogRoot}`);

    const listed = await expectOk('POST', `${route}/version/list?delimiter=$`);
    const records = [...listed.versions].sort((a, b) => a.version - b.version);
    assert.deepEqual(records.map((r) => r.version), [1, 2, 3], `version/list: ${JSON.stringify(listed)}`);
    const descending = await expectOk('POST', `${route}/version/list?delimiter=$&descending=true`);
    assert.deepEqual(descending.versions.map((r) => r.version), [3, 2, 1]);
    const latest = await expectOk('POST', `${route}/version/list?delimiter=$&descending=true&limit=1`);
    assert.deepEqual(latest.versions.map((r) => r.version), [3]);

    // Each record names the manifest where it ended: the final V2 name inside the table's
    // _versions/ folder, with its real size; nothing staged is left behind.
    const versionsDir = join(location, '_versions');
    for (const record of records) {
        const file = manifestFile(record.manifest_path);
        assert.equal(file, join(versionsDir, v2ManifestName(record.version)),
                     `version ${record.version}: manifest_path ${record.manifest_path}`);
        assert.ok(existsSync(file), `version ${record.version}: ${file} does not exist`);
        assert.equal(record.manifest_size, statSync(file).size, `version ${record.version}: manifest_size`);
        assert.ok(Number.isInteger(record.timestamp_millis) &&
                  Math.abs(record.timestamp_millis - Date.now()) < 3_600_000,
                  `version ${record.version}: timestamp_millis ${record.timestamp_millis}`);
        const one = await expectOk('POST', `${route}/version/describe?delimiter=$`,
                                   { id: TABLE_ID, version: record.version });
        assert.deepEqual(one.version, record, `version/describe ${record.version}`);
    }
    const manifests = readdirSync(versionsDir).filter((name) => name.includes('.manifest'));
    assert.deepEqual(manifests.sort(), [1, 2, 3].map(v2ManifestName).sort(),
                     `${versionsDir} should hold exactly the three final manifests`);
});

step('DescribeTable with load_detailed_metadata reports what LanceDB reports', async () => {
    // The server reads each version's manifest: the same seven metadata keys and values as
    // LanceDB's own listVersions(), and the schema LanceDB wrote, in the spec's JSON names.
    const route = `/v1/table/${encodedId(TABLE_ID)}`;
    const reported = await table.listVersions();
    assert.deepEqual(reported.map((v) => v.version), [1, 2, 3]);
    for (const version of reported) {
        const described = await expectOk(
            'POST', `${route}/describe?delimiter=$&load_detailed_metadata=true`,
            { id: TABLE_ID, version: version.version });
        assert.equal(described.version, version.version);
        // LanceDB's seven keys, and this catalog's writer and data format beside them.
        const { writer, data_format: dataFormat, ...summary } = described.metadata;
        assert.deepEqual(summary, version.metadata, `version ${version.version}`);
        assert.match(writer, /^lance \d+\.\d+\.\d+/);
        assert.match(dataFormat, /^lance \d+\.\d+$/);
        assert.deepEqual(described.stats, {
            num_fragments: Number(version.metadata.total_fragments),
            num_deleted_rows: Number(version.metadata.total_deletion_file_rows),
        });
        assert.deepEqual(described.schema.fields.map((f) => [f.name, f.type.type, f.nullable]),
                         [['id', 'int32', false], ['name', 'utf8', false],
                          ['score', 'float64', true]]);
    }
    // Without the flag, none of it.
    const plain = await expectOk('POST', `${route}/describe?delimiter=$`, { id: TABLE_ID });
    assert.equal(plain.schema, undefined);
    assert.equal(plain.stats, undefined);
});

step('GetTableStats answers what LanceDB\'s table.stats() reports, over POST and GET', async () => {
    // LanceDB 0.31 counts total_bytes column by column on disk, which a manifest cannot give;
    // the server sums the files the manifest lists (as LanceDB 0.39 does). Everything else is
    // LanceDB's own number.
    const route = `/v1/table/${encodedId(TABLE_ID)}/stats?delimiter=$`;
    const { totalBytes, ...theirs } = await table.stats();
    const posted = await expectOk('POST', route, { id: TABLE_ID });
    const got = await expectOk('GET', route);
    assert.deepEqual(got, posted);
    const [latest] = (await table.listVersions()).slice(-1);
    assert.equal(posted.total_bytes, Number(latest.metadata.total_files_size));
    assert.ok(totalBytes > 0);
    assert.deepEqual({
        numRows: posted.num_rows,
        numIndices: posted.num_indices,
        fragmentStats: {
            numFragments: posted.fragment_stats.num_fragments,
            numSmallFragments: posted.fragment_stats.num_small_fragments,
            lengths: posted.fragment_stats.lengths,
        },
    }, theirs);
});

// Restore, served: a second table with versions 1-4; RestoreTable of version 2 makes version 5,
// which LanceDB opens as the latest and reads as version 2 exactly (rows and schema), appends on,
// and restores again with its own restore() on top of ours.
const RESTORED_TABLE = 'restored';
const RESTORED_ID = [NAMESPACE, RESTORED_TABLE];

step('restores version 2 of a table with versions 1-4; LanceDB reads version 2 as the latest', async () => {
    let restored = await db.createTable(RESTORED_TABLE, makeArrowTable(BATCHES[0], { schema: SCHEMA }),
                                        [NAMESPACE]);
    await restored.add(makeArrowTable(BATCHES[1], { schema: SCHEMA }));
    await restored.add(makeArrowTable(BATCHES[2], { schema: SCHEMA }));
    await restored.delete('id = 1');
    assert.equal(await restored.version(), 4);

    const answer = await expectOk('POST', `/v1/table/${encodedId(RESTORED_ID)}/restore?delimiter=$`,
                                  { id: RESTORED_ID, version: 2 });
    assert.match(answer.transaction_id, /^[0-9a-f-]{36}$/, JSON.stringify(answer));

    // A fresh handle opens the latest through the namespace: version 5, holding version 2.
    restored = await db.openTable(RESTORED_TABLE, [NAMESPACE]);
    assert.equal(await restored.version(), 5);
    assert.deepEqual(await readRows(restored), rowsAtVersion(2));
    const columns = (schema) =>
        schema.fields.map((f) => `${f.name}: ${f.type}${f.nullable ? ' (nullable)' : ''}`);
    assert.deepEqual(columns(await restored.schema()), columns(SCHEMA));
    const versions = await restored.listVersions();
    assert.deepEqual(versions.map((v) => v.version), [1, 2, 3, 4, 5]);
    assert.equal(versions[4].metadata.total_rows, String(rowsAtVersion(2).length));

    // LanceDB appends on top of the restored version...
    const more = [{ id: 6, name: 'after the restore', score: 6 }];
    await restored.add(makeArrowTable(more, { schema: SCHEMA }));
    assert.equal(await restored.version(), 6);
    assert.deepEqual(await readRows(restored), [...rowsAtVersion(2), ...more]);
    // ...and its own restore reads ours: version 5 again, as 7.
    await restored.checkout(5);
    await restored.restore();
    assert.equal(await restored.version(), 7);
    assert.deepEqual(await readRows(restored), rowsAtVersion(2));

    // A version the table does not have: 404, TableVersionNotFound, nothing added.
    const missing = await rest('POST', `/v1/table/${encodedId(RESTORED_ID)}/restore?delimiter=$`,
                               { id: RESTORED_ID, version: 42 });
    assert.equal(missing.status, 404, missing.text);
    assert.equal(missing.json?.code, 11, missing.text);
    assert.equal((await restored.listVersions()).length, 7);
});

// Rename, served: LanceDB's own renameTable moves the restored table into a second namespace
// under a new name; it opens there with every version and the same rows, and is gone under the
// old name. Renaming onto an existing table is refused with 409 and changes nothing. Then it
// moves back.
step('LanceDB renames and moves a table; it reads the same rows under the new name', async () => {
    const before = await readRows(await db.openTable(RESTORED_TABLE, [NAMESPACE]));
    await db.createNamespace([NAMESPACE, 'moved']);
    await db.renameTable(RESTORED_TABLE, 'renamed',
                         { namespacePath: [NAMESPACE], newNamespacePath: [NAMESPACE, 'moved'] });
    const renamed = await db.openTable('renamed', [NAMESPACE, 'moved']);
    assert.equal(await renamed.version(), 7);
    assert.deepEqual(await readRows(renamed), before);
    assert.ok(!(await db.tableNames([NAMESPACE])).includes(RESTORED_TABLE));
    assert.deepEqual(await db.tableNames([NAMESPACE, 'moved']), ['renamed']);

    const movedId = [NAMESPACE, 'moved', 'renamed'];
    const clash = await rest('POST', `/v1/table/${encodedId(movedId)}/rename?delimiter=$`,
                             { id: movedId, new_table_name: TABLE, new_namespace_id: [NAMESPACE] });
    assert.equal(clash.status, 409, clash.text);
    assert.equal(clash.json?.code, 5, clash.text);
    assert.deepEqual(await readRows(await db.openTable('renamed', [NAMESPACE, 'moved'])), before);

    // And back, for the steps below.
    await db.renameTable('renamed', RESTORED_TABLE,
                         { namespacePath: [NAMESPACE, 'moved'], newNamespacePath: [NAMESPACE] });
    await db.dropNamespace([NAMESPACE, 'moved']);
    assert.deepEqual(await readRows(await db.openTable(RESTORED_TABLE, [NAMESPACE])), before);
});

// Branches, served: CreateTableBranch writes the files Lance's own create_branch writes, so
// LanceDB lists the branch, opens it, reads the rows of the version it started at and writes on
// it while main stays as it was; a branch of that branch reads through both; DeleteTableBranch
// refuses while another branch starts from it, and after the deletes LanceDB lists none.
step('branches created and deleted here are LanceDB branches it reads and writes', async () => {
    const route = `/v1/table/${encodedId(RESTORED_ID)}/branches`;
    const mainRows = await readRows(await db.openTable(RESTORED_TABLE, [NAMESPACE]));
    const created = await expectOk('POST', `${route}/create?delimiter=$`,
                                   { id: RESTORED_ID, name: 'exp/one', from_version: 2 });
    assert.match(created.transaction_id, /^[0-9a-f-]{36}$/);
    const main = await db.openTable(RESTORED_TABLE, [NAMESPACE]);
    const listed = await (await main.branches()).list();
    assert.deepEqual(Object.keys(listed), ['exp/one']);
    assert.equal(Number(listed['exp/one'].parentVersion), 2);
    assert.equal(listed['exp/one'].parentBranch ?? null, null);

    const one = await db.openTable(RESTORED_TABLE, [NAMESPACE], { branch: 'exp/one' });
    assert.deepEqual(await readRows(one), rowsAtVersion(2));
    const onBranch = [{ id: 7, name: 'on the branch', score: 7 }];
    await one.add(makeArrowTable(onBranch, { schema: SCHEMA }));
    assert.deepEqual(await readRows(one), [...rowsAtVersion(2), ...onBranch]);
    assert.deepEqual(await readRows(await db.openTable(RESTORED_TABLE, [NAMESPACE])), mainRows);

    // From the branch's latest version: main's files and the branch's, through both bases.
    await expectOk('POST', `${route}/create?delimiter=$`,
                   { id: RESTORED_ID, name: 'exp/two', from_branch: 'exp/one' });
    const two = await db.openTable(RESTORED_TABLE, [NAMESPACE], { branch: 'exp/two' });
    assert.deepEqual(await readRows(two), [...rowsAtVersion(2), ...onBranch]);

    const again = await rest('POST', `${route}/create?delimiter=$`, { id: RESTORED_ID, name: 'exp/two' });
    assert.equal(again.status, 409, again.text);
    assert.equal(again.json?.code, 23, again.text);
    const parent = await rest('POST', `${route}/delete?delimiter=$`, { id: RESTORED_ID, name: 'exp/one' });
    assert.equal(parent.status, 400, parent.text);
    assert.deepEqual(await readRows(two), [...rowsAtVersion(2), ...onBranch]);

    await expectOk('POST', `${route}/delete?delimiter=$`, { id: RESTORED_ID, name: 'exp/two' });
    await expectOk('POST', `${route}/delete?delimiter=$`, { id: RESTORED_ID, name: 'exp/one' });
    assert.deepEqual(await (await main.branches()).list(), {});
    const missing = await rest('POST', `${route}/delete?delimiter=$`, { id: RESTORED_ID, name: 'exp/one' });
    assert.equal(missing.status, 404, missing.text);
    assert.equal(missing.json?.code, 22, missing.text);
    assert.deepEqual(await readRows(await db.openTable(RESTORED_TABLE, [NAMESPACE])), mainRows);
});

// LanceDB pages with tableNames(namespace, {startAfter, limit}): it sends the last name it saw
// as page_token. 5,000 tables (declared in one batch commit) and 5,000 namespaces, in pages of
// 1,000: every name exactly once, in order.
const MANY = 5_000;
const PAGE = 1_000;
const manyNames = (prefix) =>
    Array.from({ length: MANY }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

step(`pages through ${MANY} tables with startAfter, ${PAGE} at a time`, async () => {
    const names = manyNames('t');
    await expectOk('POST', '/v1/namespace/paging/create', {});
    await expectOk('POST', '/v1/table/batch-commit', {
        operations: names.map((name) => ({ declare_table: { id: ['paging', name] } })),
    });
    const seen = [];
    let pages = 0;
    for (;;) {
        const options = { limit: PAGE };
        if (seen.length > 0) options.startAfter = seen[seen.length - 1];
        const page = await db.tableNames(['paging'], options);
        pages += 1;
        seen.push(...page);
        if (page.length < PAGE || pages > MANY / PAGE + 1) break;
    }
    assert.equal(seen.length, names.length);
    assert.deepEqual(seen, names);
    assert.equal(pages, MANY / PAGE + 1); // the last page is empty
    // A name the namespace does not hold is still refused (400), not taken for a position.
    const refused = await rest('GET', '/v1/namespace/paging/table/list?page_token=nothing-here');
    assert.equal(refused.status, 400, refused.text);
});

step(`pages through ${MANY} namespaces by last name and by the server's token`, async () => {
    const names = manyNames('n');
    await expectOk('POST', '/v1/namespace/paging_ns/create', {});
    // Through the LanceDB client (Node's fetch pays a delayed ACK per small POST here), eight
    // at a time: fewer connections than the server has workers.
    for (let i = 0; i < names.length; i += 8) {
        await Promise.all(names.slice(i, i + 8).map((name) => db.createNamespace(['paging_ns', name])));
    }
    const byName = [];
    const byToken = [];
    let token;
    for (let pages = 0; pages <= MANY / PAGE + 1; ++pages) {
        const options = { limit: PAGE };
        if (byName.length > 0) options.pageToken = byName[byName.length - 1];
        const page = await db.listNamespaces(['paging_ns'], options);
        byName.push(...page.namespaces);
        if (page.namespaces.length < PAGE) break;
    }
    for (let pages = 0; pages <= MANY / PAGE + 1; ++pages) {
        const page = await db.listNamespaces(['paging_ns'], token ? { limit: PAGE, pageToken: token } : { limit: PAGE });
        byToken.push(...page.namespaces);
        token = page.pageToken;
        if (!token) break;
    }
    assert.deepEqual(byName, names);
    assert.deepEqual(byToken, names);
});

step('ListAllTables (GET /v1/table) lists every table of every namespace, in pages', async () => {
    const all = [];
    let token;
    for (let pages = 0; pages < 20; ++pages) {
        const query = `delimiter=$&limit=1000${token ? `&page_token=${encodeURIComponent(token)}` : ''}`;
        const page = await expectOk('GET', `/v1/table?${query}`);
        all.push(...page.tables);
        token = page.page_token;
        if (!token) break;
    }
    assert.equal(all.length, MANY + 2, `${all.length} tables`);
    assert.deepEqual(all.filter((t) => t.startsWith(`${NAMESPACE}$`)),
                     [`${NAMESPACE}$${TABLE}`, `${NAMESPACE}$${RESTORED_TABLE}`].sort());
    assert.deepEqual(all.slice(-2), manyNames('paging$t').slice(-2));
});

step('deregisters the table: gone from the listings, data kept', async () => {
    const route = `/v1/table/${encodedId(TABLE_ID)}`;
    // @lancedb/lancedb has no deregister call (dropTable would delete the data): plain REST.
    await expectOk('POST', `${route}/deregister?delimiter=$`, { id: TABLE_ID });

    // The restore step's table stays.
    assert.deepEqual(await db.tableNames([NAMESPACE]), [RESTORED_TABLE]);
    const listed = await expectOk('GET',
                                  `/v1/namespace/${encodedId([NAMESPACE])}/table/list?delimiter=$`);
    assert.deepEqual(listed.tables, [RESTORED_TABLE]);
    const exists = await rest('POST', `${route}/exists?delimiter=$`, { id: TABLE_ID });
    assert.equal(exists.status, 404, `exists after deregister: ${exists.status} ${exists.text}`);
    assert.equal(exists.json?.code, 4, `exists after deregister: ${exists.text}`);
    const described = await rest('POST', `${route}/describe?delimiter=$`, { id: TABLE_ID });
    assert.equal(described.status, 404, `describe after deregister: ${described.text}`);
    assert.equal(described.json?.code, 4, `describe after deregister: ${described.text}`);
    await assert.rejects(db.openTable(TABLE, [NAMESPACE]), 'openTable after deregister');

    // The data stays where it was.
    for (const version of [1, 2, 3]) {
        const manifest = join(location, '_versions', v2ManifestName(version));
        assert.ok(existsSync(manifest), `${manifest} should be kept`);
    }
    const dataFiles = readdirSync(join(location, 'data')).filter((name) => name.endsWith('.lance'));
    assert.equal(dataFiles.length, 3, `${location}/data should keep the three data files`);
    // The namespace itself is untouched.
    assert.deepEqual((await db.describeNamespace([NAMESPACE])).properties, NAMESPACE_PROPERTIES);
});

step('the server stops cleanly on SIGTERM', async () => {
    db?.close();
    server.child.kill('SIGTERM');
    let timer;
    const timeout = new Promise((resolve) => {
        timer = setTimeout(resolve, 15_000, 'timeout');
    });
    const result = await Promise.race([server.exited, timeout]);
    clearTimeout(timer);
    assert.notEqual(result, 'timeout', 'lance-catalog-server did not exit within 15 s of SIGTERM');
    assert.deepEqual(server.exit, { code: 0, signal: null }, 'exit status after SIGTERM');
});

step('the client went through the catalog (the exchange log)', async () => {
    const exchanges = readExchanges();
    const ofTable = (operation) => exchanges.filter(
        (e) => e.operation === operation && JSON.stringify(e.request?.id) === JSON.stringify(TABLE_ID));
    assert.ok(exchanges.length > 0, `${server.exchangeLog} is empty`);
    assert.equal(ofTable('DeclareTable').length, 1, 'createTable declares the table once');
    // One CreateTableVersion per commit, each naming the staged manifest Lance wrote.
    const creates = ofTable('CreateTableVersion');
    assert.deepEqual(creates.map((e) => e.request.version), [1, 2, 3]);
    assert.ok(creates.every((e) => e.status >= 200 && e.status < 300), 'each version/create succeeded');
    for (const e of creates) {
        assert.match(e.request.manifest_path,
                     new RegExp(`_versions/${v2ManifestName(e.request.version)}-[0-9a-f-]{36}$`));
    }
    const unparsable = exchanges.filter((e) => e.unparsable);
    assert.deepEqual(unparsable, [], 'every exchange log line is JSON');
});
