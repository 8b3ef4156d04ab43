// SPDX-License-Identifier: Apache-2.0
//
// Writes a Lance table that has everything a table's health and a cleanup of old versions must
// account for, with the real LanceDB client, and records what LanceDB itself says of it and
// what its own cleanup removes from a copy. Checked in under tests/data/lance/health/ and read by
// the health and cleanup tests. Run it again only to refresh the data:
//
//   node tests/node/record-health.mjs tests/data/lance/health
//
// The table is health-table.mjs's `metrics`. `health.json` lists the steps, what
// LanceDB reports of every version, and `cleanup`: what LanceDB's optimize() removed from a
// copy with `cleanupOlderThan` at the time of one version and `deleteUnverified`.

import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

import { makeHealthTable, olderThan, TABLE } from './health-table.mjs';

const lancedb = await import('@lancedb/lancedb');
const arrow = await import('apache-arrow');

const out = resolve(process.argv[2] ?? 'health');
mkdirSync(out, { recursive: true });
const { table, experiment, steps } = await makeHealthTable(lancedb, arrow, out);
for (const { name, versions } of steps) console.log(`${name}: versions ${versions.join(', ')}`);
const tags = await table.tags();

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
    const boundary = olderThan(versions.find((v) => v.version === cutoff).timestamp);
    const result = { olderThanVersion: cutoff, olderThan: boundary.toISOString(), deleteUnverified: true,
        tagDeletedFirst: withoutTag };
    try {
        const optimized = await copy.optimize({ cleanupOlderThan: boundary, deleteUnverified: true });
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
writeFileSync(join(out, 'health.json'), `${JSON.stringify(recording, (key, value) =>
    (typeof value === 'bigint' ? Number(value) : value), 2)}\n`);
console.log(JSON.stringify(cleanup, null, 1));
