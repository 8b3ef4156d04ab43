// SPDX-License-Identifier: Apache-2.0
//
// The table a table's health and the cleanup of its old versions are checked on, written with
// the real LanceDB client: record-health.mjs records it into tests/data/lance/health, and
// lance-cleanup.test.mjs makes it afresh to clean it up and read it back with LanceDB.
//
// `metrics` on main: create (8 rows), append (4), append (4), delete 3 rows (a deletion file),
// update 1 row (a new fragment and a deletion file), a B-tree index on `id`, optimize
// (compaction; its cleanup keeps everything younger than 7 days), append (3 rows the index
// does not cover), delete 1 of them: versions 1 to 10 (7 and 8 the compaction). Lance's own
// tag `q3-close` on version 3 and branch `experiment` from version 5 with an append of its own.

import { rmSync } from 'node:fs';
import { join } from 'node:path';

export const TABLE = 'metrics';

// LanceDB's optimize() takes a cleanup's boundary as a time, turns it into an age, and Lance
// turns that back into a time after compacting: the boundary moves later by as long as that
// took. The versions a cleanup is checked from (3 and 10) come 2.5 s after the one before, and
// a boundary is set 1.5 s before them (olderThan()), so the move cannot cross a version.
export const CUTOFFS = [3, 10];

/// The time to give LanceDB's cleanup for "every version before `version`".
export function olderThan(timestampOfVersion) {
    return new Date(Date.parse(timestampOfVersion) - 1500);
}

const pause = (ms = 30) => new Promise((done) => setTimeout(done, ms));

/// Writes the table into the folder `out` (a LanceDB database folder); answers the table, its
/// branch and the steps with the versions each made.
export async function makeHealthTable(lancedb, arrow, out) {
    rmSync(join(out, `${TABLE}.lance`), { recursive: true, force: true });
    const schema = new arrow.Schema([
        new arrow.Field('id', new arrow.Int32(), false),
        new arrow.Field('sensor', new arrow.Utf8(), true),
        new arrow.Field('reading', new arrow.Float64(), true),
    ]);
    const batch = (from, count) => lancedb.makeArrowTable(
        Array.from({ length: count }, (_, i) => ({
            id: from + i,
            sensor: ['north', 'south', 'east', 'west'][(from + i) % 4],
            reading: (from + i) * 0.25,
        })), { schema });

    const db = await lancedb.connect(out);
    const steps = [];
    let table = null;
    const step = async (name, action) => {
        const before = table ? await table.version() : 0;
        if (CUTOFFS.includes(before + 1)) await pause(2500);
        await action();
        await pause();
        const after = await table.version();
        const versions = [];
        for (let v = before + 1; v <= after; ++v) versions.push(v);
        steps.push({ name, versions });
    };
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

    await (await table.tags()).create('q3-close', 3);
    const experiment = await (await table.branches()).create('experiment', 'main', 5);
    await experiment.add(batch(100, 2));
    // connect() leaves a namespace manifest folder beside the table; only the table is data.
    rmSync(join(out, '__manifest'), { recursive: true, force: true });
    return { table, experiment, steps };
}
