// SPDX-License-Identifier: Apache-2.0
//
// Benchmark (a program, not a test): ListTableVersions with every version's facts for a table
// of 1,000 versions on s3rver, reached through a proxy that holds every store request 20 ms (a
// store across a network), cold (a server just started) and warm (asked again); in the same
// run, LanceDB's own listVersions() of the same table through the same proxy. The proxy counts
// the requests each answer costs the store.
//
//   LCB_SERVER_PATH=<build>/app/server/lance-catalog-server \
//       node --openssl-legacy-provider tests/bench/bench-store-versions.mjs [VERSIONS]
//
// Goals: cold <= 1.5 s and faster than LanceDB; warm <= 50 ms.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startCatalogServer, startS3rver } from '../node/catalog-server-process.mjs';

const { connectNamespace, makeArrowTable } = await import('../node/node_modules/@lancedb/lancedb/dist/index.js');

const VERSIONS = Number(process.argv[2] ?? 1000);
const DELAY_MS = Number(process.env.LCB_BENCH_DELAY_MS ?? 20);
const RUNS = 3;

// Holds each request DELAY_MS, then passes it on to `target` as it came.
function startDelayProxy(target) {
    const proxy = { requests: 0, bytes: 0 };
    const to = new URL(target);
    proxy.server = createServer((req, res) => {
        proxy.requests += 1;
        const body = [];
        req.on('data', (chunk) => body.push(chunk));
        req.on('end', () => setTimeout(() => {
            const forward = httpRequest({
                host: to.hostname, port: to.port, method: req.method, path: req.url,
                headers: req.headers,
            }, (answer) => {
                res.writeHead(answer.statusCode, answer.headers);
                answer.on('data', (chunk) => { proxy.bytes += chunk.length; });
                answer.pipe(res);
            });
            forward.on('error', () => res.destroy());
            forward.end(Buffer.concat(body));
        }, DELAY_MS));
    });
    return new Promise((resolve) => proxy.server.listen(0, '127.0.0.1', () => {
        proxy.url = `http://127.0.0.1:${proxy.server.address().port}`;
        resolve(proxy);
    }));
}

async function post(url, path, body = {}) {
    const answer = await fetch(`${url}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const folder = mkdtempSync(join(tmpdir(), 'lcb-bench-store-'));
const store = await startS3rver(join(folder, 'store'), 'lance');
const proxy = await startDelayProxy(store.url);
const direct = join(folder, 'direct.json');
const delayed = join(folder, 'delayed.json');
writeFileSync(direct, JSON.stringify(store.storageOptions));
const viaProxy = { ...store.storageOptions, aws_endpoint: proxy.url };
writeFileSync(delayed, JSON.stringify(viaProxy));
const serverArgs = (options) => ['--root', 's3://lance/catalog', '--database', join(folder, 'db'),
                                 '--storage-options-file', options, '--quiet'];
const servers = [];
try {
    // The table: LanceDB writes VERSIONS versions through the server, straight to the store.
    const writer = await startCatalogServer(process.env.LCB_SERVER_PATH, serverArgs(direct));
    servers.push(writer);
    const db = await connectNamespace('rest', { uri: writer.url }, { storageOptions: store.storageOptions });
    await db.createNamespace(['bench']);
    const table = await db.createTable('t', makeArrowTable([{ id: 0 }]), ['bench']);
    const started = Date.now();
    for (let v = 2; v <= VERSIONS; v += 1) {
        await table.add(makeArrowTable([{ id: v }]));
        if (v % 100 === 0) process.stderr.write(`${v} versions written (${Math.round((Date.now() - started) / 1000)} s)\n`);
    }
    await writer.stop();

    const id = encodeURIComponent('bench$t');
    const rows = [];
    // `work` lists the versions and answers how many; `prepare` (untimed) runs before each.
    const measure = async (what, work, prepare = async () => {}) => {
        const times = [];
        const requests = [];
        const bytes = [];
        for (let run = 0; run < RUNS; run += 1) {
            await prepare();
            const before = { requests: proxy.requests, bytes: proxy.bytes };
            const start = performance.now();
            const count = await work();
            times.push(performance.now() - start);
            requests.push(proxy.requests - before.requests);
            bytes.push(proxy.bytes - before.bytes);
            if (count !== VERSIONS) throw new Error(`${what} listed ${count} versions, not ${VERSIONS}`);
        }
        rows.push({ what, ms: median(times), requests: median(requests), bytes: median(bytes) });
    };
    const listOurs = async (server) => {
        const listed = await post(server.url, `/v1/table/${id}/version/list`, { limit: VERSIONS });
        if (!listed.versions.every((v) => v.metadata.total_rows)) throw new Error('facts missing');
        return listed.versions.length;
    };
    // Cold: a server started (untimed) for each run, its caches empty.
    let fresh = null;
    const restart = async () => {
        await fresh?.stop();
        fresh = await startCatalogServer(process.env.LCB_SERVER_PATH, serverArgs(delayed));
        servers.push(fresh);
    };
    await measure('ours, cold (a fresh server; facts kept at each commit)', () => listOurs(fresh), restart);
    // A catalog of an earlier release keeps no facts: its first listing reads every manifest
    // once (and keeps what it read). Needs the sqlite3 program to forget them between runs.
    const forget = spawnSync('sqlite3', [join(folder, 'db', 'lance-catalog.sqlite'),
                                         'UPDATE table_versions SET facts = NULL']);
    if (forget.status === 0) {
        await measure('ours, cold, no facts kept (first listing after an upgrade)', () => listOurs(fresh), async () => {
            await fresh?.stop();
            fresh = null;
            const forgotten = spawnSync('sqlite3', [join(folder, 'db', 'lance-catalog.sqlite'),
                                                    'UPDATE table_versions SET facts = NULL']);
            if (forgotten.status !== 0) throw new Error(`sqlite3: ${forgotten.stderr}`);
            await restart();
        });
    } else {
        process.stderr.write('sqlite3 not found: the listing without kept facts is not measured\n');
    }
    const warm = fresh;
    await measure('ours, warm (asked again)', () => listOurs(warm));
    // LCB_BENCH_ONLY_OURS=1 leaves LanceDB out (it takes half a minute a run at 1,000 versions).
    if (!process.env.LCB_BENCH_ONLY_OURS) await measure("LanceDB's listVersions()", async () => {
        const reader = await connectNamespace('rest', { uri: warm.url }, { storageOptions: viaProxy });
        const opened = await reader.openTable('t', ['bench'], { storageOptions: viaProxy });
        return (await opened.listVersions()).length;
    });

    const cold = rows[0];
    const warmRow = rows.find((row) => row.what.startsWith('ours, warm'));
    const lance = rows.find((row) => row.what.startsWith('LanceDB')) ?? { ms: Infinity };
    console.log(`ListTableVersions with facts, ${VERSIONS} versions on s3rver, ${DELAY_MS} ms per store request, median of ${RUNS}`);
    console.log('| what | time | store requests | bytes from the store |');
    console.log('| --- | --- | --- | --- |');
    for (const row of rows) {
        console.log(`| ${row.what} | ${row.ms.toFixed(0)} ms | ${row.requests} | ${(row.bytes / 1e6).toFixed(1)} MB |`);
    }
    console.log(`goal cold <= 1500 ms: ${cold.ms <= 1500 ? 'ok' : 'MISSED'}`);
    console.log(`goal cold faster than LanceDB: ${cold.ms < lance.ms ? 'ok' : 'MISSED'}`);
    console.log(`goal warm <= 50 ms: ${warmRow.ms <= 50 ? 'ok' : 'MISSED'}`);
} finally {
    for (const server of servers) await server.stop();
    proxy.server.close();
    await store.stop();
    rmSync(folder, { recursive: true, force: true });
}
