// SPDX-License-Identifier: Apache-2.0
//
// Writes Lance tables whose data files cover the column types and page encodings LanceDB writes,
// with the real LanceDB client, as test data for our own reader of Lance data files. Every value
// comes from a seeded generator, so a run writes the same rows every time (file names, UUIDs and
// version times differ). read-rows.mjs prints what LanceDB reads back of every version; our
// reader must read the same. Run it again only to refresh the data, into an empty folder:
//
//   node tests/node/record-rows.mjs tests/data/lance/rows
//
// or, to add tables to a recording without touching the others, name them after the folder:
//
//   node tests/node/record-rows.mjs tests/data/lance/rows legacy stable
//
// The tables:
//   types      one column per type, small values (mini-block pages: bit-packing, constants,
//              dictionaries, FSST over a page of more than 32 KiB of strings, nested lists and
//              structs with null and empty values); create, append, delete, update.
//   wide       values of 256 bytes or more (full-zip pages): long strings, 64-float vectors,
//              lists of them, a struct with a long string; create, append.
//   bigtext    a few strings of about 40 KB each (each value compressed on its own).
//   deletions  one fragment of 7000 rows and three deletes: a small Arrow deletion file, a large
//              one (its buffers compressed) and, past 5000 deleted rows, a Roaring bitmap.
//   legacy     the columns of types and two of wide in Lance file format 2.0 (what LanceDB wrote
//              by default before 2.1): create, append, delete, update.
//   stable     stable row ids: create, append, update, delete, compaction, append; the rows keep
//              their `_rowid` while they move between fragments.
// rows.json lists what each version of each table did, the rows LanceDB counts at each, the data
// file format versions of each table's files and notes. The tables are left as LanceDB wrote
// them: nothing is compacted or cleaned up.

import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';

const lancedb = await import('@lancedb/lancedb');
// LanceDB is a CommonJS package and recognises only tables of the CommonJS apache-arrow it loads
// itself (an ES module import of apache-arrow is another copy, whose tables LanceDB would rebuild
// through its own type guessing, which refuses types such as large_utf8).
const arrow = createRequire(import.meta.url)('apache-arrow');

const out = resolve(process.argv[2] ?? 'rows');
// With table names after the folder, only those tables are written, into a folder that already
// holds the others, and rows.json gains them; the tables recorded before are left as they are.
const only = process.argv.slice(3);
const ALL_TABLES = ['types', 'wide', 'bigtext', 'deletions', 'legacy', 'stable'];
for (const name of only) {
    if (!ALL_TABLES.includes(name)) {
        console.error(`record-rows: no table ${name}; the tables are ${ALL_TABLES.join(', ')}`);
        process.exit(2);
    }
    if (existsSync(join(out, `${name}.lance`))) {
        console.error(`record-rows: ${join(out, `${name}.lance`)} exists; remove it first`);
        process.exit(2);
    }
}
if (only.length === 0 && existsSync(out) && readdirSync(out).length > 0) {
    console.error(`record-rows: ${out} is not empty; remove it first`);
    process.exit(2);
}
const earlier = only.length > 0 && existsSync(join(out, 'rows.json'))
    ? JSON.parse(readFileSync(join(out, 'rows.json'), 'utf8')) : null;
const wanted = (name) => only.length === 0 || only.includes(name);
mkdirSync(out, { recursive: true });

// ---------------------------------------------------------------------------------------------
// A seeded generator (mulberry32) and the random helpers built on it.

function mulberry32(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

class Random {
    constructor(seed) { this.next = mulberry32(seed); }
    // An integer in [lo, hi].
    int(lo, hi) { return lo + Math.floor(this.next() * (hi - lo + 1)); }
    chance(p) { return this.next() < p; }
    pick(list) { return list[Math.floor(this.next() * list.length)]; }
    // 32 random bits as an unsigned BigInt.
    bits32() { return BigInt(Math.floor(this.next() * 4294967296)); }
    bytes(length) { return Uint8Array.from({ length }, () => this.int(0, 255)); }
}

// A vocabulary of made-up words, so that text compresses somewhat but not to nothing.
function vocabulary(rng, count) {
    const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'te', 'vo', 'zi', 'bra', 'ch', 'dre', 'fu',
        'gli', 'ho', 'jan', 'kel', 'mor', 'nix', 'pa', 'qua', 'ris', 'sto', 'tul', 'ur', 'vek', 'wy',
        'xo', 'yel', 'zam'];
    const words = new Set();
    while (words.size < count) {
        let word = '';
        for (let s = rng.int(1, 4); s > 0; --s) word += rng.pick(syllables);
        words.add(word);
    }
    return [...words];
}

// Random words joined by spaces, cut to exactly `length` characters.
function text(rng, words, length) {
    let s = '';
    while (s.length < length) s += (s ? ' ' : '') + rng.pick(words);
    return s.slice(0, length);
}

// ---------------------------------------------------------------------------------------------
// Arrow data built buffer by buffer from plain values (null is a null), so that every type is
// exactly the one declared: 64-bit integers and timestamps are BigInts, dates are day numbers,
// binaries are Uint8Arrays, lists are arrays, structs are objects.

function validity(values) {
    const nulls = values.reduce((n, v) => n + (v === null ? 1 : 0), 0);
    if (nulls === 0) return { nullCount: 0, nullBitmap: undefined };
    const nullBitmap = new Uint8Array(Math.ceil(values.length / 8));
    values.forEach((v, i) => { if (v !== null) nullBitmap[i >> 3] |= 1 << (i & 7); });
    return { nullCount: nulls, nullBitmap };
}

const encoder = new TextEncoder();

function build(type, values) {
    const length = values.length;
    const { nullCount, nullBitmap } = validity(values);
    const base = { type, length, nullCount, nullBitmap };
    switch (type.typeId) {
        case arrow.Type.Int:
        case arrow.Type.Float:
        case arrow.Type.Date:
        case arrow.Type.Timestamp: {
            const data = new type.ArrayType(length);
            const zero = data instanceof BigInt64Array || data instanceof BigUint64Array ? 0n : 0;
            values.forEach((v, i) => { data[i] = v === null ? zero : v; });
            return arrow.makeData({ ...base, data });
        }
        case arrow.Type.Bool: {
            const data = new Uint8Array(Math.ceil(length / 8));
            values.forEach((v, i) => { if (v === true) data[i >> 3] |= 1 << (i & 7); });
            return arrow.makeData({ ...base, data });
        }
        case arrow.Type.Utf8:
        case arrow.Type.LargeUtf8:
        case arrow.Type.Binary: {
            const parts = values.map((v) => (v === null ? new Uint8Array(0)
                : typeof v === 'string' ? encoder.encode(v) : v));
            const large = type.typeId === arrow.Type.LargeUtf8;
            const valueOffsets = large ? new BigInt64Array(length + 1) : new Int32Array(length + 1);
            let at = 0;
            parts.forEach((p, i) => { at += p.length; valueOffsets[i + 1] = large ? BigInt(at) : at; });
            const data = new Uint8Array(at);
            at = 0;
            for (const p of parts) { data.set(p, at); at += p.length; }
            return arrow.makeData({ ...base, valueOffsets, data });
        }
        case arrow.Type.List: {
            const valueOffsets = new Int32Array(length + 1);
            const items = [];
            values.forEach((v, i) => {
                if (v !== null) items.push(...v);
                valueOffsets[i + 1] = items.length;
            });
            return arrow.makeData({ ...base, valueOffsets, child: build(type.children[0].type, items) });
        }
        case arrow.Type.FixedSizeList: {
            // A null list still takes listSize child slots; they hold zeros.
            const items = [];
            const filler = new Array(type.listSize).fill(0);
            for (const v of values) items.push(...(v === null ? filler : v));
            return arrow.makeData({ ...base, child: build(type.children[0].type, items) });
        }
        case arrow.Type.Struct: {
            // The children of a null struct are null too.
            const children = type.children.map((f) =>
                build(f.type, values.map((v) => (v === null ? null : v[f.name]))));
            return arrow.makeData({ ...base, children });
        }
        default:
            throw new Error(`no builder for ${type}`);
    }
}

// An Arrow table of the given schema from an array of row objects.
function arrowTable(schema, rows) {
    const children = schema.fields.map((f) => build(f.type, rows.map((r) => r[f.name])));
    const data = arrow.makeData({ type: new arrow.Struct(schema.fields), length: rows.length, nullCount: 0, children });
    return new arrow.Table([new arrow.RecordBatch(schema, data)]);
}

const field = (name, type, nullable = true) => new arrow.Field(name, type, nullable);
const listOf = (type) => new arrow.List(field('item', type));

// ---------------------------------------------------------------------------------------------
// Steps: what each write did and the versions it made.

const db = await lancedb.connect(out);
const steps = [];
const notes = [];

async function step(table, name, effect, detail, action) {
    const before = table.handle ? await table.handle.version() : 0;
    await action();
    const after = await table.handle.version();
    const versions = [];
    for (let v = before + 1; v <= after; ++v) versions.push(v);
    steps.push({ table: table.name, name, effect, detail, versions });
    console.log(`${table.name}: ${name}: versions ${versions.join(', ')}`);
}

// ---------------------------------------------------------------------------------------------
// types: one column per type, values small enough for mini-block pages.

const TYPES_SCHEMA = new arrow.Schema([
    field('id', new arrow.Int64(), false),
    field('i8', new arrow.Int8()),
    field('i16', new arrow.Int16()),
    field('i32', new arrow.Int32()),
    field('u8', new arrow.Uint8()),
    field('u16', new arrow.Uint16()),
    field('u32', new arrow.Uint32()),
    field('u64', new arrow.Uint64()),
    field('f32', new arrow.Float32()),
    field('f64', new arrow.Float64()),
    field('konst', new arrow.Float64()),
    field('step', new arrow.Float64()),
    field('flag', new arrow.Bool()),
    field('nint', new arrow.Int64()),
    field('ts', new arrow.TimestampMicrosecond('UTC')),
    field('d32', new arrow.DateDay()),
    field('cat', new arrow.Utf8()),
    field('short', new arrow.Utf8()),
    field('name', new arrow.Utf8()),
    field('big', new arrow.LargeUtf8()),
    field('bin', new arrow.Binary()),
    field('vec4', new arrow.FixedSizeList(4, field('item', new arrow.Float32()))),
    field('tags', listOf(new arrow.Utf8())),
    field('ilist', listOf(new arrow.Int32())),
    field('lli', listOf(listOf(new arrow.Int32()))),
    field('st', new arrow.Struct([field('x', new arrow.Int32()), field('y', new arrow.Utf8())])),
    field('ls', listOf(new arrow.Struct([field('a', new arrow.Int32()), field('b', new arrow.Utf8())]))),
    field('allnull', new arrow.Int32()),
]);

const typesRng = new Random(20240601);
const typesWords = vocabulary(typesRng, 300);
const CATS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
const TAGS = Array.from({ length: 20 }, (_, i) => `tag${i}`);
const LS_B = ['red', 'green', 'blue'];
const BIG_POOL = Array.from({ length: 150 }, () => text(typesRng, typesWords, typesRng.int(8, 60)));
const TS_BASE = 1704067200000000n; // 2024-01-01T00:00:00Z in microseconds
const DIGIT_LETTERS = 'abcdefghij';

function typesRow(rng, id) {
    const r = rng;
    const orNull = (p, make) => (r.chance(p) ? null : make());
    // A few special doubles early on; the rest random.
    const special = { 7: NaN, 8: Infinity, 9: -Infinity, 10: 0, 11: 5e-324, 12: 1.7976931348623157e308 };
    return {
        id: BigInt(id),
        i8: r.int(-128, 127),
        i16: r.int(-32768, 32767),
        i32: r.int(0, 999),
        u8: r.int(0, 255),
        u16: r.int(0, 65535),
        u32: r.int(0, 4294967295),
        // Every seventh value above 2^53, the rest small.
        u64: id % 7 === 3 ? (r.bits32() << 32n) | r.bits32() | (1n << 60n) : BigInt(r.int(0, 100000)),
        f32: Math.fround(r.next() * 10),
        f64: id in special ? special[id] : (r.next() - 0.5) * 2e6,
        konst: 1.5,
        step: Math.floor(id / 100) * 0.25,
        flag: orNull(0.1, () => r.chance(0.5)),
        nint: orNull(0.1, () => BigInt(r.int(-1000000, 1000000)) * 1000003n),
        ts: orNull(0.08, () => TS_BASE + BigInt(id) * 61000123n + BigInt(r.int(0, 999))),
        d32: orNull(0.08, () => 19723 + (id % 500) - 250),
        cat: CATS[r.int(0, 4)],
        short: [...String(r.int(0, 999))].map((d) => DIGIT_LETTERS[d]).join(''),
        name: `${text(r, typesWords, r.int(20, 34))}-${id}`,
        big: r.pick(BIG_POOL),
        bin: orNull(0.08, () => r.bytes(r.int(0, 12))),
        vec4: orNull(0.05, () => Array.from({ length: 4 },
            () => (r.chance(0.03) ? null : Math.fround(r.next() * 2 - 1)))),
        tags: orNull(0.08, () => (r.chance(0.1) ? []
            : Array.from({ length: r.int(1, 4) }, () => (r.chance(0.05) ? null : r.pick(TAGS))))),
        ilist: orNull(0.1, () => Array.from({ length: r.int(0, 5) }, () => r.int(-1000, 1000))),
        lli: orNull(0.08, () => (r.chance(0.08) ? []
            : Array.from({ length: r.int(1, 3) }, () => (r.chance(0.1) ? null : r.chance(0.15) ? []
                : Array.from({ length: r.int(1, 4) }, () => (r.chance(0.05) ? null : r.int(-50, 50))))))),
        st: orNull(0.07, () => ({
            x: r.chance(0.1) ? null : r.int(-100000, 100000),
            y: r.chance(0.1) ? null : r.pick(typesWords),
        })),
        ls: orNull(0.07, () => Array.from({ length: r.int(0, 3) }, () => (r.chance(0.05) ? null : {
            a: r.int(0, 500),
            b: r.chance(0.1) ? null : r.pick(LS_B),
        }))),
        allnull: null,
    };
}

const typesRows = (from, count) => Array.from({ length: count }, (_, i) => typesRow(typesRng, from + i));

const types = { name: 'types', handle: null };
const TYPES_DELETE = 'id IN (3, 17, 640, 1999, 2000, 2500, 2999)';
const TYPES_UPDATE = { where: 'id IN (5, 6, 1000, 2001)',
    valuesSql: { cat: "'updated'", i32: 'i32 + 1000', f64: 'f64 * 2', tags: 'NULL' } };
if (wanted('types')) {
    await step(types, 'create', 'append', 'create with 2000 rows, id 0..1999', async () => {
        types.handle = await db.createTable('types', arrowTable(TYPES_SCHEMA, typesRows(0, 2000)));
    });
    await step(types, 'append', 'append', 'append 1000 rows, id 2000..2999 (a second fragment)', async () => {
        await types.handle.add(arrowTable(TYPES_SCHEMA, typesRows(2000, 1000)));
    });
    await step(types, 'delete', 'delete', `delete where ${TYPES_DELETE} (a deletion file in each fragment)`, async () => {
        await types.handle.delete(TYPES_DELETE);
    });
    await step(types, 'update', 'update',
        `update where ${TYPES_UPDATE.where}: ${Object.entries(TYPES_UPDATE.valuesSql).map(([k, v]) => `${k} = ${v}`).join(', ')} `
        + '(the old rows deleted, the new ones in a new fragment)', async () => {
            await types.handle.update(TYPES_UPDATE);
        });
}

// ---------------------------------------------------------------------------------------------
// wide: values of 256 bytes or more, for full-zip pages.

const VEC_ITEM = () => field('item', new arrow.Float32());
const WIDE_SCHEMA = new arrow.Schema([
    field('id', new arrow.Int32(), false),
    field('vec64', new arrow.FixedSizeList(64, VEC_ITEM())),
    field('longtext', new arrow.Utf8()),
    field('ltexts', listOf(new arrow.Utf8())),
    field('lvec', listOf(new arrow.FixedSizeList(80, VEC_ITEM()))),
    field('sl', new arrow.Struct([field('t', new arrow.Utf8()), field('n', new arrow.Int64())])),
]);

const wideRng = new Random(7771);
const wideWords = vocabulary(wideRng, 400);

function wideRow(r, id) {
    const orNull = (p, make) => (r.chance(p) ? null : make());
    const vector = (n, pNull) => Array.from({ length: n },
        () => (r.chance(pNull) ? null : Math.fround(r.next() * 2 - 1)));
    return {
        id,
        vec64: orNull(0.05, () => vector(64, 0.02)),
        longtext: orNull(0.07, () => text(r, wideWords, r.int(260, 340))),
        ltexts: orNull(0.08, () => (r.chance(0.1) ? []
            : Array.from({ length: r.int(1, 3) }, () => (r.chance(0.05) ? null : text(r, wideWords, r.int(260, 340)))))),
        lvec: orNull(0.08, () => Array.from({ length: r.int(0, 3) }, () => vector(80, 0))),
        sl: orNull(0.05, () => ({
            t: r.chance(0.05) ? null : text(r, wideWords, r.int(270, 330)),
            n: BigInt(r.int(-1e9, 1e9)) * 4099n,
        })),
    };
}

const wideRows = (from, count) => Array.from({ length: count }, (_, i) => wideRow(wideRng, from + i));
const wide = { name: 'wide', handle: null };
if (wanted('wide')) {
    await step(wide, 'create', 'append', 'create with 300 rows, id 0..299', async () => {
        wide.handle = await db.createTable('wide', arrowTable(WIDE_SCHEMA, wideRows(0, 300)));
    });
    await step(wide, 'append', 'append', 'append 100 rows, id 300..399', async () => {
        await wide.handle.add(arrowTable(WIDE_SCHEMA, wideRows(300, 100)));
    });
}

// ---------------------------------------------------------------------------------------------
// bigtext: a few values of about 40 KB each.

const BIGTEXT_SCHEMA = new arrow.Schema([
    field('id', new arrow.Int32(), false),
    field('body', new arrow.Utf8()),
]);
const bigRng = new Random(4242);
const bigWords = vocabulary(bigRng, 2000);
const bigRows = Array.from({ length: 6 }, (_, id) => ({
    id,
    body: id === 3 ? null : text(bigRng, bigWords, 38000 + bigRng.int(0, 4000)),
}));
const bigtext = { name: 'bigtext', handle: null };
if (wanted('bigtext')) {
    await step(bigtext, 'create', 'append', 'create with 6 rows of about 40 KB, id 3 null', async () => {
        bigtext.handle = await db.createTable('bigtext', arrowTable(BIGTEXT_SCHEMA, bigRows));
    });
}

// ---------------------------------------------------------------------------------------------
// deletions: one fragment, three deletes of growing size.

const DELETIONS_SCHEMA = new arrow.Schema([
    field('id', new arrow.Int32(), false),
    field('label', new arrow.Utf8()),
]);
const delRows = Array.from({ length: 7000 }, (_, id) => ({ id, label: `r${id % 97}` }));
const deletions = { name: 'deletions', handle: null };
const DELETES = [
    ['delete 3 rows', 'id IN (5, 500, 6999)'],
    ['delete about 2000 rows', 'id >= 1000 AND id % 3 = 1'],
    ['delete past 5000 rows', 'id >= 2000 AND id % 3 <> 1'],
];
if (wanted('deletions')) {
    await step(deletions, 'create', 'append', 'create with 7000 rows, id 0..6999, in one fragment', async () => {
        deletions.handle = await db.createTable('deletions', arrowTable(DELETIONS_SCHEMA, delRows));
    });
    for (const [name, where] of DELETES) {
        await step(deletions, name, 'delete', `delete where ${where}`, async () => {
            await deletions.handle.delete(where);
        });
    }
}

// ---------------------------------------------------------------------------------------------
// legacy: the columns of `types` and two of `wide`, written in Lance file format 2.0 (the format
// LanceDB wrote by default before 2.1), with the same steps as `types`.

const LEGACY_SCHEMA = new arrow.Schema([
    ...TYPES_SCHEMA.fields,
    field('longtext', new arrow.Utf8()),
    field('vec64', new arrow.FixedSizeList(64, VEC_ITEM())),
]);
const legacyRng = new Random(20200);
function legacyRow(id) {
    const wideValues = wideRow(legacyRng, id);
    return { ...typesRow(legacyRng, id), longtext: wideValues.longtext, vec64: wideValues.vec64 };
}
const legacyRows = (from, count) => Array.from({ length: count }, (_, i) => legacyRow(from + i));
const legacy = { name: 'legacy', handle: null };
const LEGACY_DELETE = 'id IN (3, 17, 640, 799, 800, 1000, 1199)';
const LEGACY_UPDATE = { where: 'id IN (5, 6, 700, 1001)', valuesSql: TYPES_UPDATE.valuesSql };
if (wanted('legacy')) {
    await step(legacy, 'create', 'append', 'create with 800 rows, id 0..799, in file format 2.0', async () => {
        legacy.handle = await db.createTable('legacy', arrowTable(LEGACY_SCHEMA, legacyRows(0, 800)),
            { storageOptions: { new_table_data_storage_version: '2.0' } });
    });
    await step(legacy, 'append', 'append', 'append 400 rows, id 800..1199 (a second fragment)', async () => {
        await legacy.handle.add(arrowTable(LEGACY_SCHEMA, legacyRows(800, 400)));
    });
    await step(legacy, 'delete', 'delete', `delete where ${LEGACY_DELETE}`, async () => {
        await legacy.handle.delete(LEGACY_DELETE);
    });
    await step(legacy, 'update', 'update', `update where ${LEGACY_UPDATE.where}`, async () => {
        await legacy.handle.update(LEGACY_UPDATE);
    });
}

// ---------------------------------------------------------------------------------------------
// stable: a table with stable row ids, whose rows keep their `_rowid` through updates and
// compaction while their addresses change.

const STABLE_SCHEMA = new arrow.Schema([
    field('id', new arrow.Int64(), false),
    field('label', new arrow.Utf8()),
    field('score', new arrow.Float64()),
]);
const stableRng = new Random(515);
const stableRows = (from, count) => Array.from({ length: count }, (_, i) => ({
    id: BigInt(from + i),
    label: stableRng.chance(0.05) ? null : `s${stableRng.int(0, 999)}`,
    score: stableRng.next() * 100,
}));
const stable = { name: 'stable', handle: null };
if (wanted('stable')) {
    await step(stable, 'create', 'append', 'create with 1000 rows, id 0..999, with stable row ids', async () => {
        stable.handle = await db.createTable('stable', arrowTable(STABLE_SCHEMA, stableRows(0, 1000)),
            { storageOptions: { new_table_enable_stable_row_ids: 'true' } });
    });
    await step(stable, 'append', 'append', 'append 500 rows, id 1000..1499 (a second fragment)', async () => {
        await stable.handle.add(arrowTable(STABLE_SCHEMA, stableRows(1000, 500)));
    });
    await step(stable, 'update', 'update', "update where id % 10 = 0: label = 'updated' (the rows move, their ids stay)", async () => {
        await stable.handle.update({ where: 'id % 10 = 0', valuesSql: { label: "'updated'" } });
    });
    await step(stable, 'delete', 'delete', 'delete where id % 7 = 3', async () => {
        await stable.handle.delete('id % 7 = 3');
    });
    await step(stable, 'compact', 'rewrite', 'optimize: the fragments compacted into one (every row moves, no id changes)', async () => {
        await stable.handle.optimize();
    });
    await step(stable, 'append', 'append', 'append 200 rows, id 1500..1699', async () => {
        await stable.handle.add(arrowTable(STABLE_SCHEMA, stableRows(1500, 200)));
    });
}

// ---------------------------------------------------------------------------------------------
// What was written: rows per version as LanceDB counts them, the schema LanceDB reports, the
// format version of every data file, and the deletion files.

const filesOf = (root) => {
    const found = [];
    const walk = (dir) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
            const path = join(dir, entry.name);
            if (entry.isDirectory()) walk(path);
            else found.push({ path: relative(root, path), size: statSync(path).size });
        }
    };
    walk(root);
    return found.sort((a, b) => a.path.localeCompare(b.path));
};

// A Lance data file ends with its format version: u16 major, u16 minor (little-endian), "LANC".
function fileFormat(path) {
    const size = statSync(path).size;
    const tail = Buffer.alloc(8);
    const fd = openSync(path, 'r');
    try { readSync(fd, tail, 0, 8, size - 8); } finally { closeSync(fd); }
    if (tail.toString('latin1', 4) !== 'LANC') throw new Error(`${path}: no Lance footer`);
    return `${tail.readUInt16LE(0)}.${tail.readUInt16LE(2)}`;
}

const typeOf = (f) => ({
    name: f.name,
    type: String(f.type),
    nullable: f.nullable,
    children: (f.type.children ?? []).map(typeOf),
});

const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
const tables = {};
for (const t of [types, wide, bigtext, deletions, legacy, stable].filter((t) => t.handle)) {
    const root = join(out, `${t.name}.lance`);
    const files = filesOf(root);
    const dataFiles = files.filter((f) => f.path.startsWith('data/') && f.path.endsWith('.lance'));
    const formats = {};
    for (const f of dataFiles) formats[f.path] = fileFormat(join(root, f.path));
    const versions = [];
    for (const entry of await t.handle.listVersions()) {
        await t.handle.checkout(entry.version);
        versions.push({ version: entry.version, rows: await t.handle.countRows() });
    }
    await t.handle.checkoutLatest();
    tables[t.name] = {
        table: `${t.name}.lance`,
        schema: (await t.handle.schema()).fields.map(typeOf),
        versions,
        fileFormats: [...new Set(Object.values(formats))].sort(),
        dataFiles: formats,
        deletionFiles: files.filter((f) => f.path.startsWith('_deletions/')).map((f) => ({
            ...f,
            // Arrow deletion files: whether a buffer is zstd-compressed (holds a zstd frame).
            ...(f.path.endsWith('.arrow') ? { zstd: readFileSync(join(root, f.path)).includes(ZSTD_MAGIC) } : {}),
        })),
        bytes: files.reduce((n, f) => n + f.size, 0),
    };
}

for (const [name, t] of Object.entries(tables)) {
    for (const f of t.schema) {
        const written = { types: TYPES_SCHEMA, wide: WIDE_SCHEMA, legacy: LEGACY_SCHEMA, stable: STABLE_SCHEMA }[name];
        const sent = written?.fields.find((g) => g.name === f.name);
        if (sent && String(sent.type) !== f.type) {
            notes.push(`${name}.${f.name}: written as ${sent.type}, LanceDB reports ${f.type}`);
        }
    }
}

if (notes.length === 0) notes.push('LanceDB took every column with the type it was written with; no column was dropped.');

const deletionKinds = tables.deletions?.deletionFiles.map((f) => f.path.split('.').pop());
if (deletionKinds && (!deletionKinds.includes('arrow') || !deletionKinds.includes('bin'))) {
    console.error(`record-rows: deletions: expected .arrow and .bin deletion files, found ${deletionKinds.join(', ')}`);
    process.exitCode = 1;
}

const pkg = JSON.parse(await readFile(
    new URL('./node_modules/@lancedb/lancedb/package.json', import.meta.url), 'utf8'));
const recording = {
    note: 'Written by tests/node/record-rows.mjs; read every version with tests/node/read-rows.mjs.',
    lancedb: pkg.version,
    steps: [...(earlier?.steps ?? []), ...steps],
    tables: { ...(earlier?.tables ?? {}), ...tables },
    notes: [...new Set([...(earlier?.notes ?? []), ...notes])],
};
writeFileSync(join(out, 'rows.json'), `${JSON.stringify(recording, null, 2)}\n`);

// ---------------------------------------------------------------------------------------------
// Summary.

let total = 0;
for (const [name, t] of Object.entries(tables)) {
    total += t.bytes;
    const counts = t.versions.map((v) => `v${v.version}=${v.rows}`).join(' ');
    console.log(`${name}.lance: ${counts}; formats ${t.fileFormats.join(', ')}; `
        + `${Object.keys(t.dataFiles).length} data files; ${t.bytes} bytes`);
}
console.log('deletions.lance/_deletions:');
for (const f of tables.deletions?.deletionFiles ?? []) {
    console.log(`  ${f.path} ${f.size} bytes${f.zstd === undefined ? '' : f.zstd ? ', zstd buffers' : ', uncompressed'}`);
}
for (const note of notes) console.log(`note: ${note}`);
console.log(`total ${total} bytes in ${out}`);
