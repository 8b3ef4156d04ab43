// SPDX-License-Identifier: Apache-2.0
//
// Reads every version of a Lance table with the real LanceDB client and prints its rows in a
// canonical JSON form, one line per version, for our own reader of Lance data files to compare
// with value for value:
//
//   node tests/node/read-rows.mjs tests/data/lance/rows/types.lance > types.jsonl
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

import { createRequire } from 'node:module';
import { basename, dirname, resolve } from 'node:path';

const lancedb = await import('@lancedb/lancedb');
// The tables LanceDB returns are built by the CommonJS apache-arrow it loads itself.
const arrow = createRequire(import.meta.url)('apache-arrow');
const { Type } = arrow;

const decoder = new TextDecoder('utf-8', { fatal: true });

// Whether the value at `index` of `data` is valid. Bitmaps count from the data's offset; value
// buffers of arrow's Data are already sliced to it.
function isValid(data, index) {
    if (data.typeId === Type.Null) return false;
    if (!data.nullBitmap || data.nullBitmap.length === 0 || data.nullCount === 0) return true;
    const at = data.offset + index;
    return (data.nullBitmap[at >> 3] & (1 << (at & 7))) !== 0;
}

function doubleText(x) {
    if (Number.isNaN(x)) return '"NaN"';
    if (x === Infinity) return '"Infinity"';
    if (x === -Infinity) return '"-Infinity"';
    return String(x);
}

function float16(bits) {
    const sign = bits & 0x8000 ? -1 : 1;
    const exponent = (bits >> 10) & 0x1f;
    const fraction = bits & 0x3ff;
    if (exponent === 0) return sign * fraction * 2 ** -24;
    if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
    return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

// A little-endian two's-complement integer of 32-bit words as decimal digits.
function wordsToDecimal(words) {
    let n = 0n;
    for (let w = words.length - 1; w >= 0; --w) n = (n << 32n) | BigInt(words[w] >>> 0);
    const bits = BigInt(words.length * 32);
    if (n >> (bits - 1n)) n -= 1n << bits;
    return n.toString();
}

// The integer stored at `index` of a fixed-width integer buffer.
function integerText(data, index) {
    const { values } = data;
    const stride = data.stride ?? 1;
    if (stride !== 1) throw new Error(`unexpected stride ${stride} for ${data.type}`);
    return String(values[index]);
}

// The canonical JSON text of the value at `index` of `data`.
function valueText(data, index) {
    if (!isValid(data, index)) return 'null';
    const type = data.type;
    switch (data.typeId) {
        case Type.Bool: {
            const at = data.offset + index;
            return (data.values[at >> 3] & (1 << (at & 7))) !== 0 ? 'true' : 'false';
        }
        case Type.Int:
        case Type.Date:
        case Type.Time:
        case Type.Timestamp:
        case Type.Duration:
            return integerText(data, index);
        case Type.Interval: {
            const stride = data.stride;
            return `[${Array.from(data.values.subarray(index * stride, (index + 1) * stride), String).join(',')}]`;
        }
        case Type.Float:
            if (type.precision === arrow.Precision.HALF) return doubleText(float16(data.values[index]));
            return doubleText(data.values[index]);
        case Type.Decimal: {
            const stride = data.stride;
            return JSON.stringify(wordsToDecimal(data.values.subarray(index * stride, (index + 1) * stride)));
        }
        case Type.Utf8:
        case Type.LargeUtf8:
        case Type.Binary:
        case Type.LargeBinary: {
            const { valueOffsets } = data;
            const start = Number(valueOffsets[index]);
            const end = Number(valueOffsets[index + 1]);
            const bytes = data.values.subarray(start, end);
            const utf8 = data.typeId === Type.Utf8 || data.typeId === Type.LargeUtf8;
            return JSON.stringify(utf8 ? decoder.decode(bytes) : hex(bytes));
        }
        case Type.FixedSizeBinary: {
            const width = type.byteWidth;
            return JSON.stringify(hex(data.values.subarray(index * width, (index + 1) * width)));
        }
        case Type.List:
        case Type.Map: {
            const start = Number(data.valueOffsets[index]);
            const end = Number(data.valueOffsets[index + 1]);
            const child = data.children[0];
            // A map's child is a struct of its key and value.
            const items = [];
            for (let i = start; i < end; ++i) items.push(valueText(child, i));
            return `[${items.join(',')}]`;
        }
        case Type.FixedSizeList: {
            const size = type.listSize;
            const child = data.children[0];
            const items = [];
            for (let i = index * size; i < (index + 1) * size; ++i) items.push(valueText(child, i));
            return `[${items.join(',')}]`;
        }
        case Type.Struct: {
            // arrow's Data slices a struct's children along with it: they are read at `index`.
            const parts = type.children.map((f, k) =>
                `${JSON.stringify(f.name)}:${valueText(data.children[k], index)}`);
            return `{${parts.join(',')}}`;
        }
        case Type.Dictionary: {
            const key = Number(data.values[index]);
            return vectorValueText(data.dictionary, key);
        }
        default:
            throw new Error(`no canonical form for type ${type}`);
    }
}

// The value at `index` of a vector made of several Data chunks.
function vectorValueText(vector, index) {
    let at = index;
    for (const chunk of vector.data) {
        if (at < chunk.length) return valueText(chunk, at);
        at -= chunk.length;
    }
    throw new Error(`index ${index} past the end of a vector of ${vector.length}`);
}

async function readTable(path) {
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
        const columns = ['_rowid', ...schema.fields.map((f) => f.name)];
        const result = await table.query().withRowId().toArrow();
        const expected = await table.countRows();
        if (result.numRows !== expected) {
            throw new Error(`${name} version ${version}: the query read ${result.numRows} rows, countRows() says ${expected}`);
        }
        const lines = [];
        for (const batch of result.batches) {
            const chunks = columns.map((column) => {
                const index = batch.schema.fields.findIndex((f) => f.name === column);
                if (index < 0) throw new Error(`${name} version ${version}: the result has no column ${column}`);
                return batch.data.children[index];
            });
            for (let row = 0; row < batch.numRows; ++row) {
                lines.push(`[${chunks.map((chunk) => valueText(chunk, row)).join(',')}]`);
            }
        }
        rowCount += lines.length;
        process.stdout.write(`{"version":${version},"columns":${JSON.stringify(columns)},"rows":[${lines.join(',')}]}\n`);
    }
    await table.checkoutLatest();
    return { name, versions: versions.length, rows: rowCount };
}

if (process.argv.length !== 3) {
    console.error('usage: node read-rows.mjs TABLE_DIR   (a folder NAME.lance)');
    process.exit(2);
}
try {
    const { name, versions, rows } = await readTable(process.argv[2]);
    // From the start of the process, loading LanceDB included.
    const ms = performance.now();
    console.error(`read-rows: ${name}.lance: ${versions} versions, ${rows} rows in all, ${ms.toFixed(0)} ms`);
} catch (error) {
    console.error(`read-rows: ${process.argv[2]}: ${error?.stack ?? error}`);
    process.exitCode = 1;
}
