// SPDX-License-Identifier: Apache-2.0
//
// LanceDB's own cleanup of a table, timed, for BenchTableCleanup to set beside ours: opens the
// table `NAME` of the database at URI (a folder, or `s3://bucket/prefix` with the storage
// options in the JSON file OPTIONS) and runs optimize() with `cleanupOlderThan` set to now, the
// only way LanceDB's Node client cleans up. Its compaction finds nothing to do on a table whose
// fragments are all of the target size, so the time is the cleanup's. Prints one line of JSON:
// {openMs, optimizeMs, oldVersions, bytesRemoved, compactedFragments}.
//
//   node tests/bench/lancedb-cleanup.mjs URI NAME [OPTIONS]

import { readFileSync } from 'node:fs';

const lancedb = await import('../node/node_modules/@lancedb/lancedb/dist/index.js');

const [uri, name, optionsFile] = process.argv.slice(2);
if (!uri || !name) {
    process.stderr.write('usage: lancedb-cleanup.mjs URI NAME [OPTIONS]\n');
    process.exit(2);
}
const storageOptions = optionsFile ? JSON.parse(readFileSync(optionsFile, 'utf8')) : undefined;

const opening = performance.now();
const db = await lancedb.connect(uri, storageOptions ? { storageOptions } : {});
const table = await db.openTable(name);
const opened = performance.now();
const stats = await table.optimize({ cleanupOlderThan: new Date() });
const done = performance.now();
process.stdout.write(`${JSON.stringify({
    openMs: opened - opening,
    optimizeMs: done - opened,
    oldVersions: Number(stats.prune.oldVersionsRemoved),
    bytesRemoved: Number(stats.prune.bytesRemoved),
    compactedFragments: Number(stats.compaction.fragmentsRemoved),
})}\n`);
