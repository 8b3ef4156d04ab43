// SPDX-License-Identifier: Apache-2.0
//
// Writes a Lance table that has everything a table's health and a cleanup of old versions must
// account for, with the real LanceDB client, and records what LanceDB itself says of it and
// what its own cleanup removes from a copy. Checked in under tests/data/lance/health/ and read by
// the health and cleanup tests. Run it again only to refresh the data:
//
//   node tests/node/record-health.mjs tests/data/lance/health
//
// The table `metrics` on main: create (8 rows), append (4), append (4), delete 3 rows (a
// deletion file), update 1 row (a new fragment and a deletion file), a B-tree index on `id`,
// optimize (compaction; its cleanup keeps everything younger than 7 days), append (3 rows the
// index does not cover), delete 1 of them. Lance's own tag `q3-close` on version 3 and branch
// `experiment` from version 5 with an append of its own. `health.json` lists the steps, what
// LanceDB reports of every version, and `cleanup`: what LanceDB's optimize() removed from a
// copy with `cleanupOlderThan` at the time of one version and `deleteUnverified`.

import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const lancedb = await import('@lancedb/lancedb');
const arrow = await import('apache-arrow');

const out = resolve(process.argv[2] ?? 'health');
const TABLE = 'metrics';
rmSync(join(out, `${TABLE}.lance`), { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const SCHEMA = new arrow.Schema([
    new arrow.Field('id', new arrow.Int32(), false),
    new arrow.Field('sensor', new arrow.Utf8(), true),
    new arrow.Field('reading', new arrow.Float64(), true),
]);
const rows = (from, count) =>
    Array.from({ length: count }, (_, i) => ({
        id: from + i,
        sensor: ['north', 'south', 'east', 'west'][(from + i) % 4],
        reading: (from + i) * 0.25,
    }));
// LanceDB's optimize() takes the cleanup's boundary as a time, turns it into an age, and Lance
// turns that back into a time after compacting: the boundary moves later by as long as that
// took. The versions a recorded cleanup starts at (3 and 10) come 2.5 s after the one before,
// and the boundary is set 1.5 s before them, so the move cannot cross a version.
const pause = (ms = 30) => new Promise((done) => setTimeout(done, ms));
const CUTOFFS = [3, 10];

const db = await lancedb.connect(out);
const steps = [];
let table = null;

async function step(name, action) {
    const before = table ? await table.version() : 0;
    if (CUTOFFS.includes(before + 1)) await pause(2500);
    await action();
    await pause();
    const after = await table.version();
    const versions = [];
    for (let v = before + 1; v <= after; ++v) versions.push(v);
    steps.push({ name, versions });
    console.log(`${name}: versions ${versions.join(', ')}`);
}

const batch = (from, count) => lancedb.makeArrowTable(rows(from, count), { schema: SCHEMA });
await step('create', async () => { table = await db.createTable(TABLE, batch(0, 8)); });
await step('append', async () => { await table.add(batch(8, 4)); });
await step('append again', async () => { await table.add(batch(12, 4)); });
await step('delete rows', async () => { await table.delete('id IN (0, 1, 2)'); });
await step('update a row', async () => {
    await table.update({ where: 'id = 9', valuesSql: { reading: 'reading * 10' } });
});
await step('create a scalar index', async () => {
    await table.createIndex('id', { config: lancedb.Index.btree() });
});
await step('optimize', async () => { await table.optimize(); });
await step('append after optimize', async () => { await table.add(batch(16, 3)); });
await step('delete a new row', async () => { await table.delete('id = 16'); });

const tags = await table.tags();
await tags.create('q3-close', 3);
const branches = await table.branches();
const experiment = await branches.create('experiment', 'main', 5);
await experiment.add(batch(100, 2));

// What LanceDB reports of each version of main.
const listed = await table.listVersions();
const versions = [];
for (const entry of listed) {
    await table.checkout(entry.version);
    const indices = [];
    for (const index of await table.listIndices()) {
        const stats = await table.indexStats(index.name);
        indices.push({ name: index.name, columns: index.columns,
            indexedRows: stats?.numIndexedRows ?? null, unindexedRows: stats?.numUnindexedRows ?? null });
    }
    versions.push({
        version: entry.version,
        timestamp: entry.timestamp.toISOString(),
        metadata: entry.metadata,
        rows: await table.countRows(),
        indices,
        stats: await table.stats(),
    });
}
await table.checkoutLatest();

const filesOf = (root) => {
    const found = {};
    const walk = (dir) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
            const path = join(dir, entry.name);
            if (entry.isDirectory()) walk(path);
            else found[relative(root, path)] = statSync(path).size;
        }
    };
    walk(root);
    return found;
};

// LanceDB's own cleanup on copies: every version older than version `cutoff` goes, unverified files
// too (the table is minutes old). optimize() compacts first; what it removed is what was in the
// copy before and is not after. Lance refuses a cleanup that reaches a tagged version (the tag
// is on 3), so the cleanup past it runs on a copy whose tag is deleted first: it removes what
// only the tagged version and the branch's source (5) use, besides the versions before 10, which a catalog must keep.
async function cleanupOfCopy(cutoff, withoutTag) {
    const scratch = mkdtempSync(join(tmpdir(), 'record-health-'));
    const root = join(scratch, `${TABLE}.lance`);
    // Lance's cleanup looks only at files older than the oldest version it keeps: the copy keeps
    // the files' times.
    cpSync(join(out, `${TABLE}.lance`), root, { recursive: true, preserveTimestamps: true });
    const copy = await (await lancedb.connect(scratch)).openTable(TABLE);
    if (withoutTag) await (await copy.tags()).delete('q3-close');
    const before = filesOf(root);
    const olderThan = new Date(Date.parse(versions.find((v) => v.version === cutoff).timestamp) - 1500);
    const result = { olderThanVersion: cutoff, olderThan: olderThan.toISOString(), deleteUnverified: true,
        tagDeletedFirst: withoutTag };
    try {
        const optimized = await copy.optimize({ cleanupOlderThan: olderThan, deleteUnverified: true });
        const after = filesOf(root);
        const removed = Object.keys(before).filter((path) => !(path in after)).sort();
        Object.assign(result, {
            prune: optimized.prune,
            removed: Object.fromEntries(removed.map((path) => [path, before[path]])),
            versionsAfter: (await copy.listVersions()).map((v) => v.version),
        });
    } catch (error) {
        result.error = String(error.message ?? error);
    }
    rmSync(scratch, { recursive: true, force: true });
    return result;
}
const cleanup = [await cleanupOfCopy(3, false), await cleanupOfCopy(10, false), await cleanupOfCopy(10, true)];

const pkg = JSON.parse(await (await import('node:fs/promises')).readFile(
    new URL('./node_modules/@lancedb/lancedb/package.json', import.meta.url), 'utf8'));
const recording = {
    note: 'Written by tests/node/record-health.mjs; what LanceDB reports of every version and what its cleanup removed from a copy.',
    lancedb: pkg.version,
    table: `${TABLE}.lance`,
    tags: Object.fromEntries(Object.entries(await tags.list()).map(([name, tag]) =>
        [name, { version: Number(tag.version), manifestSize: Number(tag.manifestSize) }])),
    branches: Object.fromEntries(Object.entries(await (await table.branches()).list()).map(
        ([name, b]) => [name, { parentBranch: b.parentBranch ?? null, parentVersion: Number(b.parentVersion),
            manifestSize: Number(b.manifestSize) }])),
    experimentVersions: (await experiment.listVersions()).map((v) => v.version),
    experimentRows: await experiment.countRows(),
    steps,
    versions,
    files: filesOf(join(out, `${TABLE}.lance`)),
    cleanup,
};
// connect() leaves a namespace manifest folder beside the table; only the table is data here.
rmSync(join(out, '__manifest'), { recursive: true, force: true });
writeFileSync(join(out, 'health.json'), `${JSON.stringify(recording, (key, value) =>
    (typeof value === 'bigint' ? Number(value) : value), 2)}\n`);
console.log(JSON.stringify(cleanup, null, 1));
