// SPDX-License-Identifier: Apache-2.0
//
// Writes a small Lance table with the real LanceDB client and restores two of its versions with
// LanceDB's own restore, so that TestManifestRestorer can compare the manifests our restore
// writes with Lance's, field by field. Checked in under tests/data/lance/restores/. Run it again
// only to refresh the data:
//
//   node tests/node/record-restores.mjs tests/data/lance/restores
//
// The table `scores`: 1 create (3 rows), 2 a B-tree index on id, 3 append (2 rows), 4 delete
// id = 1 (a deletion file), 5 = restore of 3 (with the index), 6 = restore of 4 (the deletion).

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const lancedb = await import('@lancedb/lancedb');
const arrow = await import('apache-arrow');

const out = resolve(process.argv[2] ?? 'restores');
const TABLE = 'scores';
rmSync(join(out, `${TABLE}.lance`), { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const SCHEMA = new arrow.Schema([
    new arrow.Field('id', new arrow.Int32(), false),
    new arrow.Field('score', new arrow.Float64(), true),
]);
const rows = (from, count) =>
    Array.from({ length: count }, (_, i) => ({ id: from + i, score: (from + i) * 2.5 }));

const db = await lancedb.connect(out);
const table = await db.createTable(TABLE, lancedb.makeArrowTable(rows(0, 3), { schema: SCHEMA }));
await table.createIndex('id', { config: lancedb.Index.btree() });
await table.add(lancedb.makeArrowTable(rows(3, 2), { schema: SCHEMA }));
await table.delete('id = 1');
const restores = [];
for (const version of [3, 4]) {
    await table.checkout(version);
    await table.restore();
    restores.push({ restored: version, as: await table.version() });
}
const versions = (await table.listVersions()).map((v) => v.version);
writeFileSync(join(out, 'restores.json'), `${JSON.stringify({ versions, restores }, null, 2)}\n`);
console.log(JSON.stringify({ versions, restores }));
