// SPDX-License-Identifier: Apache-2.0
//
// LanceDB's side of BenchTableRows: writes the benchmark's table, and times LanceDB's own reads
// of it for ours to be set beside.
//
//   node tests/bench/lancedb-rows.mjs write DIR ROWS   a table `wide` of ROWS rows and 20
//                                                      columns of the kinds a catalog holds
//   node tests/bench/lancedb-rows.mjs read DIR RUNS    prints one line of JSON: the median of
//                                                      RUNS runs of each read
//
// The reads, each on a fresh connection as a person opening the table would have:
//   firstPage  connect, open, and the first 100 rows of every column
//   scan       connect, open, and every value of the int64 column `id`
// with the rows they read and the sum of `id` over the scan, so that the benchmark checks both
// sides read the same table.

import { createRequire } from 'node:module';

const lancedb = await import('../node/node_modules/@lancedb/lancedb/dist/index.js');
// LanceDB recognises only tables of the CommonJS apache-arrow it loads itself.
const arrow = createRequire(import.meta.url)('../node/node_modules/apache-arrow');

const [mode, dir, count] = process.argv.slice(2);
if (!mode || !dir) {
    process.stderr.write('usage: lancedb-rows.mjs write DIR ROWS | read DIR RUNS\n');
    process.exit(2);
}

// A small seeded generator, so every run writes the same table.
function generator(seed) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

function batch(from, rows, random) {
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
    const column = (make) => Array.from({ length: rows }, (_, i) => make(from + i));
    const nullable = (p, make) => column((i) => (random() < p ? null : make(i)));
    const fields = {
        id: [new arrow.Int64(), column((i) => BigInt(i))],
        i32: [new arrow.Int32(), column(() => Math.floor(random() * 2000000) - 1000000)],
        i64: [new arrow.Int64(), column(() => BigInt(Math.floor(random() * 1e12)))],
        u16: [new arrow.Uint16(), column(() => Math.floor(random() * 65536))],
        u32: [new arrow.Uint32(), column(() => Math.floor(random() * 4294967296))],
        f32: [new arrow.Float32(), column(() => random() * 100)],
        f64: [new arrow.Float64(), column(() => random() * 1e6 - 5e5)],
        price: [new arrow.Float64(), column((i) => Math.floor(i / 1000) * 0.25)],
        flag: [new arrow.Bool(), nullable(0.1, () => random() < 0.5)],
        nint: [new arrow.Int64(), nullable(0.2, () => BigInt(Math.floor(random() * 1e9)))],
        ts: [new arrow.TimestampMicrosecond('UTC'),
            // Arrow JS takes milliseconds and stores the unit's: microseconds here.
            column((i) => 1700000000000 + i * 1000.003)],
        day: [new arrow.DateDay(), column((i) => 19000 + Math.floor(i / 5000))],
        category: [new arrow.Utf8(), column(() => words[Math.floor(random() * words.length)])],
        name: [new arrow.Utf8(), column((i) => `customer-${i}-${words[i % words.length]}`)],
        note: [new arrow.Utf8(), nullable(0.3, () => words[Math.floor(random() * 8)].repeat(1 + Math.floor(random() * 3)))],
        code: [new arrow.Binary(), column((i) => Uint8Array.of(i & 255, (i >> 8) & 255, (i >> 16) & 255))],
        vec: [new arrow.FixedSizeList(8, new arrow.Field('item', new arrow.Float32(), true)),
            column(() => Array.from({ length: 8 }, () => random()))],
        tags: [new arrow.List(new arrow.Field('item', new arrow.Utf8(), true)),
            nullable(0.1, () => Array.from({ length: Math.floor(random() * 4) }, () => words[Math.floor(random() * 8)]))],
        point: [new arrow.Struct([new arrow.Field('x', new arrow.Int32(), true), new arrow.Field('y', new arrow.Int32(), true)]),
            column(() => ({ x: Math.floor(random() * 1000), y: Math.floor(random() * 1000) }))],
        amount: [new arrow.Float64(), nullable(0.05, () => Math.round(random() * 100000) / 100)],
    };
    const schema = new arrow.Schema(Object.entries(fields).map(([name, [type]]) =>
        new arrow.Field(name, type, name !== 'id')));
    const vectors = {};
    for (const [name, [type, values]] of Object.entries(fields)) {
        vectors[name] = arrow.vectorFromArray(values, type);
    }
    return new arrow.Table(schema, vectors);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (mode === 'write') {
    const rows = Number(count ?? 1000000);
    const random = generator(36);
    const db = await lancedb.connect(dir);
    const step = 250000;
    let table = null;
    for (let from = 0; from < rows; from += step) {
        const data = batch(from, Math.min(step, rows - from), random);
        if (!table) table = await db.createTable('wide', data);
        else await table.add(data);
    }
    // One fragment of all rows, as a table's maintenance leaves it.
    await table.optimize();
    process.stdout.write(`${JSON.stringify({ rows: await table.countRows(), version: await table.version() })}\n`);
} else if (mode === 'read') {
    const runs = Number(count ?? 5);
    const firstPage = [];
    const scan = [];
    let pageRows = 0;
    let scanRows = 0;
    let sum = 0n;
    for (let run = 0; run < runs; ++run) {
        let started = performance.now();
        let db = await lancedb.connect(dir);
        let table = await db.openTable('wide');
        const page = await table.query().limit(100).toArrow();
        firstPage.push(performance.now() - started);
        pageRows = page.numRows;
        table.close();

        started = performance.now();
        db = await lancedb.connect(dir);
        table = await db.openTable('wide');
        const ids = await table.query().select(['id']).toArrow();
        scan.push(performance.now() - started);
        scanRows = ids.numRows;
        sum = 0n;
        for (const value of ids.getChild('id')) sum += value;
        table.close();
    }
    process.stdout.write(`${JSON.stringify({
        firstPageMs: median(firstPage), pageRows, scanMs: median(scan), scanRows,
        scanSum: sum.toString(),
    })}\n`);
} else {
    process.stderr.write(`lancedb-rows.mjs: unknown mode ${mode}\n`);
    process.exit(2);
}
