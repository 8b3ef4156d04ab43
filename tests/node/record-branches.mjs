// SPDX-License-Identifier: Apache-2.0
//
// Writes a small Lance table with branches, with the real LanceDB client and its own branch
// calls, so that the catalog's branch listing and the versions of a branch are tested on what
// Lance writes. Checked in under tests/data/lance/branches/. Run it again only to refresh the
// data:
//
//   node --prefix tests/node tests/node/record-branches.mjs tests/data/lance/branches
//
// The table `orders`: main 1 create (2 rows), 2 append (1 row), 3 append (1 row); branch `dev`
// from main's version 2, then 3 on dev (an append of 2 rows); branch `dev/fix` from dev's
// version 3. `branches.json` says what LanceDB itself lists.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const lancedb = await import('@lancedb/lancedb');
const arrow = await import('apache-arrow');

const out = resolve(process.argv[2] ?? 'branches');
const TABLE = 'orders';
rmSync(join(out, `${TABLE}.lance`), { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const SCHEMA = new arrow.Schema([
    new arrow.Field('id', new arrow.Int32(), false),
    new arrow.Field('item', new arrow.Utf8(), true),
]);
const rows = (from, count) =>
    Array.from({ length: count }, (_, i) => ({ id: from + i, item: `item ${from + i}` }));

const db = await lancedb.connect(out);
const main = await db.createTable(TABLE, lancedb.makeArrowTable(rows(0, 2), { schema: SCHEMA }));
await main.add(lancedb.makeArrowTable(rows(2, 1), { schema: SCHEMA }));
await main.add(lancedb.makeArrowTable(rows(3, 1), { schema: SCHEMA }));
const branches = await main.branches();
const dev = await branches.create('dev', 'main', 2);
await dev.add(lancedb.makeArrowTable(rows(10, 2), { schema: SCHEMA }));
const devBranches = await dev.branches();
await devBranches.create('dev/fix', 'dev', 3);

const listed = await (await main.branches()).list();
const summary = {
    main: (await main.listVersions()).map((v) => v.version),
    dev: (await dev.listVersions()).map((v) => v.version),
    devRows: await dev.countRows(),
    branches: Object.fromEntries(Object.entries(listed).map(([name, b]) => [name, {
        parentBranch: b.parentBranch ?? null, parentVersion: Number(b.parentVersion),
        manifestSize: Number(b.manifestSize) }])),
};
// connect() leaves a namespace manifest folder beside the table; only the table is data here.
rmSync(join(out, '__manifest'), { recursive: true, force: true });
writeFileSync(join(out, 'branches.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary));
