// SPDX-License-Identifier: Apache-2.0
//
// Writes a Lance table through a scripted history with the real LanceDB client, and records what
// LanceDB itself reports at every version. The table and the recording are checked in under
// tests/data/lance/history/ and read by TestLanceHistory: our decoding of each manifest and
// transaction must agree with LanceDB, and the diff of each consecutive pair must name what the
// step did. Run it again only to refresh the data (for example with a newer LanceDB):
//
//   node tests/node/record-history.mjs tests/data/lance/history
//
// The history: create, append twice, delete rows, update rows, add a column, alter a column
// (rename and widen), drop a column, overwrite, create a scalar index, optimize (compaction),
// and a tag. Every step is listed in `steps` of history.json with the versions it made.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const lancedb = await import('@lancedb/lancedb');
const arrow = await import('apache-arrow');

const out = resolve(process.argv[2] ?? 'history');
const TABLE = 'events';
rmSync(join(out, `${TABLE}.lance`), { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const SCHEMA = new arrow.Schema([
    new arrow.Field('id', new arrow.Int32(), false),
    new arrow.Field('kind', new arrow.Utf8(), true),
    new arrow.Field('amount', new arrow.Float64(), true),
]);
const rows = (from, count) =>
    Array.from({ length: count }, (_, i) => ({
        id: from + i,
        kind: ['click', 'view', 'buy'][(from + i) % 3],
        amount: (from + i) * 1.5,
    }));

const db = await lancedb.connect(out);
const steps = [];
let table = null;

async function step(name, effect, action) {
    const before = table ? await table.version() : 0;
    await action();
    const after = await table.version();
    const versions = [];
    for (let v = before + 1; v <= after; ++v) versions.push(v);
    steps.push({ name, effect, versions });
    console.log(`${name}: versions ${versions.join(', ')}`);
}

await step('create', 'append', async () => {
    table = await db.createTable(TABLE, lancedb.makeArrowTable(rows(0, 40), { schema: SCHEMA }));
});
await step('append', 'append', async () => {
    await table.add(lancedb.makeArrowTable(rows(40, 30), { schema: SCHEMA }));
});
await step('append again', 'append', async () => {
    await table.add(lancedb.makeArrowTable(rows(70, 30), { schema: SCHEMA }));
});
await step('delete rows', 'delete', async () => {
    await table.delete('id < 10');
});
await step('update rows', 'update', async () => {
    await table.update({ where: 'id >= 90', valuesSql: { amount: 'amount * 2' } });
});
await step('add a column', 'add column', async () => {
    await table.addColumns([{ name: 'score', valueSql: 'CAST(id AS INT) * 10' }]);
});
await step('alter a column', 'alter column', async () => {
    await table.alterColumns([{ path: 'kind', rename: 'category' }]);
});
await step('drop a column', 'drop column', async () => {
    await table.dropColumns(['score']);
});
await step('overwrite', 'overwrite', async () => {
    const schema = new arrow.Schema([
        new arrow.Field('id', new arrow.Int32(), false),
        new arrow.Field('category', new arrow.Utf8(), true),
        new arrow.Field('amount', new arrow.Float64(), true),
    ]);
    const fresh = rows(1000, 25).map(({ id, kind, amount }) => ({ id, category: kind, amount }));
    await table.add(lancedb.makeArrowTable(fresh, { schema }), { mode: 'overwrite' });
});
await step('append after overwrite', 'append', async () => {
    const schema = await table.schema();
    const more = rows(2000, 15).map(({ id, kind, amount }) => ({ id, category: kind, amount }));
    await table.add(lancedb.makeArrowTable(more, { schema }));
});
await step('create a scalar index', 'create index', async () => {
    await table.createIndex('id', { config: lancedb.Index.btree() });
});
await step('optimize', 'compaction', async () => {
    await table.optimize({ cleanupOlderThan: new Date(0) });
});

const latest = await table.version();
const tags = await table.tags();
await tags.create('reviewed', latest);

// What LanceDB reports of each version: its listVersions() entry, the schema, countRows(),
// listIndices() and stats() (what GetTableStats answers).
const listed = await table.listVersions();
const fieldOf = (field) => ({
    name: field.name,
    type: String(field.type),
    nullable: field.nullable,
    children: (field.type.children ?? []).map(fieldOf),
});
const versions = [];
for (const entry of listed) {
    await table.checkout(entry.version);
    const schema = await table.schema();
    versions.push({
        version: entry.version,
        timestamp: entry.timestamp.toISOString(),
        metadata: entry.metadata,
        rows: await table.countRows(),
        schema: schema.fields.map(fieldOf),
        indices: (await table.listIndices()).map((index) => ({ name: index.name, columns: index.columns })),
        stats: await table.stats(),
    });
}
await table.checkoutLatest();

const pkg = JSON.parse(await (await import('node:fs/promises')).readFile(
    new URL('./node_modules/@lancedb/lancedb/package.json', import.meta.url), 'utf8'));
const recording = {
    note: 'Written by tests/node/record-history.mjs; what LanceDB reports at every version.',
    lancedb: pkg.version,
    table: `${TABLE}.lance`,
    tags: { reviewed: latest },
    steps,
    versions,
};
writeFileSync(join(out, 'history.json'), `${JSON.stringify(recording, null, 2)}\n`);
console.log(`recorded ${versions.length} versions into ${join(out, 'history.json')}`);
