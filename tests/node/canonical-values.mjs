// SPDX-License-Identifier: Apache-2.0
//
// The canonical JSON form of Arrow values that our own readers' tests compare with, shared by
// read-rows.mjs (what LanceDB reads of a table) and read-arrow-ipc.mjs (what apache-arrow reads
// of an Arrow IPC file our server wrote). The values are read from Arrow's buffers, never
// converted; read-rows.mjs's header lists the forms.

import { createRequire } from 'node:module';

// The CommonJS apache-arrow, the one LanceDB builds its tables with.
export const arrow = createRequire(import.meta.url)('apache-arrow');
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
export function valueText(data, index) {
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
export function vectorValueText(vector, index) {
    let at = index;
    for (const chunk of vector.data) {
        if (at < chunk.length) return valueText(chunk, at);
        at -= chunk.length;
    }
    throw new Error(`index ${index} past the end of a vector of ${vector.length}`);
}

// One canonical JSON line of rows per row of `table` (an apache-arrow Table), in the order of
// `columns`.
export function rowLines(table, columns, what) {
    const lines = [];
    for (const batch of table.batches) {
        const chunks = columns.map((column) => {
            const index = batch.schema.fields.findIndex((f) => f.name === column);
            if (index < 0) throw new Error(`${what}: the result has no column ${column}`);
            return batch.data.children[index];
        });
        for (let row = 0; row < batch.numRows; ++row) {
            lines.push(`[${chunks.map((chunk) => valueText(chunk, row)).join(',')}]`);
        }
    }
    return lines;
}
