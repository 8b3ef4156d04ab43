// SPDX-License-Identifier: Apache-2.0
//
// Reads every version of a Lance table with the real LanceDB client and prints its rows in a
// canonical JSON form, one line per version, for our own reader of Lance data files to compare
// with value for value:
//
//   node tests/node/read-rows.mjs tests/data/lance/rows/types.lance > types.jsonl
//   node tests/node/read-rows.mjs tests/data/lance/rows/types.lance --where "nint IS NULL"
//   node tests/node/read-rows.mjs tests/data/lance/rows/types.lance --where "flag" --columns id,cat
//
// With --where, each version's rows are those LanceDB's `query().where(EXPR)` answers, in its
// order (what our filter of the same text must answer); --where may be given many times, for a
// line per version and filter, each with a "where" key naming its filter (one run, one start of
// LanceDB, for a test's whole list). --columns selects top-level columns,
// in that order: LanceDB 0.31 reads the rows a filter keeps by row id, and there it panics on
// some list columns and loses some structs' nulls, which a selection of other columns avoids.
//
// Each line is {"version":N,"columns":["_rowid",...],"rows":[[...],...]}: the columns are the
// row id and then the version's top-level fields in schema order; the rows are in LanceDB's own
// scan order. The values are the stored values, read from Arrow's buffers, never converted:
//   null -> null; bool -> true/false
//   integers, and dates, times, timestamps and durations (in their stored unit) -> numbers with
//     every digit, 64-bit ones included
//   floats -> the shortest JavaScript form of the value as a double; NaN, Infinity and -Infinity
//     -> the strings "NaN", "Infinity", "-Infinity"
//   strings -> strings; binaries -> lowercase hex strings; decimals -> the unscaled integer as a
//     string
//   lists (fixed-size too) -> arrays; structs -> objects of their fields in order; maps -> arrays
//     of {"key","value"} objects
// It writes nothing into the table's folder. How long the run took goes to stderr; any failure
// exits non-zero with a message on stderr.

import { basename, dirname, resolve } from 'node:path';

import { rowLines } from './canonical-values.mjs';

const lancedb = await import('@lancedb/lancedb');

// Every version of the table; with `wheres`, each version's rows under each filter (a line for
// each version and filter, marked with the filter), from one connection.
async function readTable(path, wheres, selected) {
    const root = resolve(path);
    const name = basename(root).replace(/\.lance$/, '');
    if (`${name}.lance` !== basename(root)) throw new Error(`${path}: not a NAME.lance folder`);
    // Without a namespace manifest: LanceDB would otherwise create __manifest/ beside the table,
    // and this script must not write anything.
    const db = await lancedb.connect(dirname(root), { namespaceClientProperties: { manifest_enabled: 'false' } });
    const table = await db.openTable(name);
    const versions = (await table.listVersions()).map((v) => v.version).sort((a, b) => a - b);
    let rowCount = 0;
    for (const version of versions) {
        await table.checkout(version);
        const schema = await table.schema();
        const columns = ['_rowid', ...(selected ?? schema.fields.map((f) => f.name))];
        for (const where of wheres.length > 0 ? wheres : [undefined]) {
            let query = where === undefined ? table.query() : table.query().where(where);
            if (selected !== undefined) query = query.select(selected);
            const result = await query.withRowId().toArrow();
            const expected = await table.countRows(where);
            if (result.numRows !== expected) {
                throw new Error(`${name} version ${version}${where === undefined ? '' : ` where ${where}`}: `
                    + `the query read ${result.numRows} rows, countRows() says ${expected}`);
            }
            const lines = rowLines(result, columns, `${name} version ${version}`);
            rowCount += lines.length;
            const marked = where === undefined ? '' : `"where":${JSON.stringify(where)},`;
            process.stdout.write(`{${marked}"version":${version},"columns":${JSON.stringify(columns)},"rows":[${lines.join(',')}]}\n`);
        }
    }
    await table.checkoutLatest();
    return { name, versions: versions.length, rows: rowCount };
}

const args = process.argv.slice(2);
const wheres = [];
let columnsOption;
let i = 1;
for (; i + 1 < args.length && ['--where', '--columns'].includes(args[i]); i += 2) {
    if (args[i] === '--where') wheres.push(args[i + 1]);
    else columnsOption = args[i + 1];
}
if (args.length < 1 || i !== args.length) {
    console.error('usage: node read-rows.mjs TABLE_DIR [--where EXPR]... [--columns A,B]   (a folder NAME.lance)');
    process.exit(2);
}
try {
    const selected = columnsOption?.split(',');
    const { name, versions, rows } = await readTable(args[0], wheres, selected);
    // From the start of the process, loading LanceDB included.
    const ms = performance.now();
    console.error(`read-rows: ${name}.lance: ${versions} versions, ${rows} rows in all, ${ms.toFixed(0)} ms`);
} catch (error) {
    console.error(`read-rows: ${process.argv[2]}: ${error?.stack ?? error}`);
    process.exitCode = 1;
}
