// SPDX-License-Identifier: Apache-2.0
//
// lance-catalog-server as a child process for the Node.js tests, and the object store emulators
// those tests put its tables on. Each start resolves once the process listens; stop() kills
// what is still running, so a test's `after` leaves nothing behind.

import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// A child process whose stdout says when it is ready: `ready` matches that line and gives the
// URL. Output is kept (the last 16 KiB) for failure messages.
function startProcess(command, args, ready, what, env = process.env) {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const handle = { child, url: null, output: '', exit: null };
    const keep = (text) => { handle.output = (handle.output + text).slice(-16_384); };
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', keep);
    handle.exited = new Promise((resolve) => child.on('exit', (code, signal) => {
        handle.exit = { code, signal };
        resolve(handle.exit);
    }));
    handle.stop = async () => {
        if (!handle.exit) {
            child.kill('SIGKILL');
            await handle.exited;
        }
    };
    return new Promise((resolve, reject) => {
        let stdout = '';
        const timer = setTimeout(() => reject(new Error(
            `${what} did not get ready within 30 s; output: ${handle.output}${stdout}`)), 30_000);
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (text) => {
            stdout += text;
            keep(text);
            const url = ready(stdout);
            if (url && !handle.url) {
                clearTimeout(timer);
                handle.url = url;
                resolve(handle);
            }
        });
        child.on('error', (error) => {
            clearTimeout(timer);
            reject(new Error(`cannot start ${what}: ${error.message}`));
        });
        handle.exited.then(({ code, signal }) => {
            clearTimeout(timer);
            if (!handle.url) {
                reject(new Error(`${what} exited (code ${code}, signal ${signal}) before it was ` +
                                 `ready: ${handle.output}`));
            }
        });
    });
}

export function startCatalogServer(serverPath, args) {
    if (!serverPath || !existsSync(serverPath)) {
        throw new Error(`LCB_SERVER_PATH=${serverPath} is not the lance-catalog-server executable`);
    }
    return startProcess(serverPath, ['--port', '0', ...args],
                        (out) => out.match(/^Listening on (http:\/\/\S+)\r?\n/m)?.[1],
                        'lance-catalog-server');
}

async function freePort() {
    const probe = createServer();
    await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address();
    await new Promise((resolve) => probe.close(resolve));
    return port;
}

// s3rver 3.7.1 with the bucket `bucket`; keys S3RVER/S3RVER. Its continuation tokens need
// OpenSSL's legacy provider.
export async function startS3rver(directory, bucket) {
    const port = await freePort();
    const script = join(here, 'node_modules/s3rver/bin/s3rver.js');
    const handle = await startProcess(process.execPath,
        ['--openssl-legacy-provider', script, '--address', '127.0.0.1', '--port', String(port),
         '--directory', directory, '--configure-bucket', bucket],
        (out) => (out.includes('S3rver listening') || out.includes('listening')
            ? `http://127.0.0.1:${port}` : null), 's3rver');
    // The keys under `prefix` (unsigned: s3rver serves anonymous requests).
    handle.listKeys = async (prefix) => {
        const answer = await fetch(`${handle.url}/${bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
        return [...(await answer.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]);
    };
    handle.storageOptions = {
        aws_endpoint: handle.url, allow_http: 'true', aws_region: 'us-east-1',
        aws_access_key_id: 'S3RVER', aws_secret_access_key: 'S3RVER',
    };
    return handle;
}

export const AZURITE_ACCOUNT = 'devstoreaccount1';
// Azurite's development account key, published with the emulator.
export const AZURITE_KEY =
    'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

// Azurite 3.35.0, Blob service only, with the container `container` made by a request signed
// with Shared Key (this file's own signer: a second implementation beside the product's).
export async function startAzurite(directory, container) {
    const port = await freePort();
    const script = join(here, 'node_modules/azurite/dist/src/blob/main.js');
    const env = { ...process.env };
    delete env.AZURITE_ACCOUNTS;
    const handle = await startProcess(process.execPath,
        [script, '--blobHost', '127.0.0.1', '--blobPort', String(port), '--location', directory,
         '--disableTelemetry', '--skipApiVersionCheck', '--loose'],
        (out) => (out.includes('successfully listens') ? `http://127.0.0.1:${port}` : null),
        'Azurite', env);
    // A container request signed with Shared Key; `query` holds its parameters, decoded.
    const containerRequest = (method, query) => {
        const date = new Date().toUTCString();
        const version = '2021-12-02';
        const names = Object.keys(query).sort();
        const toSign = `${method}\n\n\n\n\n\n\n\n\n\n\n\nx-ms-date:${date}\nx-ms-version:${version}\n` +
            `/${AZURITE_ACCOUNT}/${AZURITE_ACCOUNT}/${container}` +
            names.map((name) => `\n${name}:${query[name]}`).join('');
        const signature = createHmac('sha256', Buffer.from(AZURITE_KEY, 'base64'))
            .update(toSign).digest('base64');
        const search = names.map((name) => `${name}=${encodeURIComponent(query[name])}`).join('&');
        return fetch(`${handle.url}/${AZURITE_ACCOUNT}/${container}?${search}`, {
            method,
            headers: { 'x-ms-date': date, 'x-ms-version': version,
                       authorization: `SharedKey ${AZURITE_ACCOUNT}:${signature}` },
        });
    };
    const made = await containerRequest('PUT', { restype: 'container' });
    if (made.status !== 201) {
        await handle.stop();
        throw new Error(`Azurite did not create the container: ${made.status} ${await made.text()}`);
    }
    handle.listKeys = async (prefix) => {
        const answer = await containerRequest('GET', { comp: 'list', prefix, restype: 'container' });
        return [...(await answer.text()).matchAll(/<Name>([^<]*)<\/Name>/g)].map((m) => m[1]);
    };
    handle.storageOptions = {
        azure_storage_account_name: AZURITE_ACCOUNT, azure_storage_account_key: AZURITE_KEY,
        azure_storage_endpoint: `${handle.url}/${AZURITE_ACCOUNT}`, allow_http: 'true',
    };
    return handle;
}
