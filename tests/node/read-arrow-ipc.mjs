// SPDX-License-Identifier: Apache-2.0
//
// Reads an Arrow IPC file (or stream) with apache-arrow and prints its rows in the canonical
// JSON form of canonical-values.mjs, one line: {"columns":[...],"types":[...],"rows":[[...]]}.
// The tests hand it what our server's QueryTable answered, so that a reader other than ours
// reads our Arrow.
//
//   node tests/node/read-arrow-ipc.mjs answer.arrow

import { readFileSync } from 'node:fs';

import { arrow, rowLines } from './canonical-values.mjs';

if (process.argv.length !== 3) {
    console.error('usage: node read-arrow-ipc.mjs FILE');
    process.exit(2);
}
try {
    const table = arrow.tableFromIPC(readFileSync(process.argv[2]));
    const columns = table.schema.fields.map((f) => f.name);
    const types = table.schema.fields.map((f) => String(f.type));
    const lines = rowLines(table, columns, process.argv[2]);
    process.stdout.write(`{"columns":${JSON.stringify(columns)},"types":${JSON.stringify(types)},"rows":[${lines.join(',')}]}\n`);
} catch (error) {
    console.error(`read-arrow-ipc: ${error.message}`);
    process.exit(1);
}
