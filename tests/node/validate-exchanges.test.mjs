// SPDX-License-Identifier: Apache-2.0
//
// The conformance check itself, on exchange logs written here: a server killed while writing a
// line leaves it unfinished as the file's last (reported, never failed), and a line that is not
// JSON anywhere else is a malformed exchange (always failed). Each case runs the real
// validate-exchanges.mjs as SpecConformance runs it, on a folder of its own.
//
//   node --test validate-exchanges.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VALIDATOR = join(dirname(fileURLToPath(import.meta.url)), 'validate-exchanges.mjs');

// A complete, valid exchange as the server logs it.
const GOOD = JSON.stringify({
    operation: 'ListNamespaces', method: 'GET', path: '/v1/namespace/%24/list', status: 200,
    request: null, response: { namespaces: ['sales'] },
});
// The same exchange, bigger, cut where a kill stopped the write.
const TORN = JSON.stringify({
    operation: 'ListNamespaces', method: 'GET', path: '/v1/namespace/%24/list', status: 200,
    request: null, response: { namespaces: Array.from({ length: 200 }, (_, i) => `ns${i}`) },
}).slice(0, 700);

function validate(files) {
    const dir = mkdtempSync(join(tmpdir(), 'lcb-exchanges-'));
    try {
        for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
        const run = spawnSync(process.execPath, [VALIDATOR, dir], { encoding: 'utf8' });
        return { status: run.status, out: run.stdout + run.stderr };
    } finally {
        rmSync(dir, { recursive: true, force: true });
    }
}

test('a whole log passes', () => {
    const { status, out } = validate({ 'a-1.jsonl': `${GOOD}\n${GOOD}\n` });
    assert.equal(status, 0, out);
    assert.match(out, /validated 2 exchanges .* 0 torn .* 0 failures/);
});

test('the unfinished last line of a killed server is reported, not failed', () => {
    const { status, out } = validate({ 'a-1.jsonl': `${GOOD}\n${TORN}`, 'b-2.jsonl': `${GOOD}\n` });
    assert.equal(status, 0, out);
    assert.match(out, /TORN a-1\.jsonl:2: 700 bytes of a line the server did not finish/);
    assert.match(out, /validated 2 exchanges .* 1 torn last line\(s\) of killed servers, 0 failures/);
});

test('a line that is not JSON before the last fails', () => {
    const { status, out } = validate({ 'a-1.jsonl': `${GOOD}\n${TORN}\n${GOOD}\n` });
    assert.equal(status, 1, out);
    assert.match(out, /FAIL a-1\.jsonl:2: not JSON/);
    assert.doesNotMatch(out, /TORN/);
});

test('a last line that is not JSON but ended with its newline fails', () => {
    const { status, out } = validate({ 'a-1.jsonl': `${GOOD}\n${TORN}\n` });
    assert.equal(status, 1, out);
    assert.match(out, /FAIL a-1\.jsonl:2: not JSON/);
});

test('garbage cut short at the end is not taken for a torn record', () => {
    const { status, out } = validate({ 'a-1.jsonl': `${GOOD}\nnot a record` });
    assert.equal(status, 1, out);
    assert.match(out, /FAIL a-1\.jsonl:2: not JSON/);
});

test('a log holding only a torn line checked nothing, and fails', () => {
    const { status, out } = validate({ 'a-1.jsonl': TORN });
    assert.equal(status, 1, out);
    assert.match(out, /no exchanges recorded/);
});

test('a valid record that breaks the schema still fails', () => {
    const bad = JSON.stringify({
        operation: 'ListNamespaces', method: 'GET', path: '/v1/namespace/%24/list', status: 200,
        request: null, response: { namespaces: 'sales' },
    });
    const { status, out } = validate({ 'a-1.jsonl': `${bad}\n` });
    assert.equal(status, 1, out);
    assert.match(out, /FAIL a-1\.jsonl:1 ListNamespaces/);
});
