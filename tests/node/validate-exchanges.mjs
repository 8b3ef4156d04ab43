#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
//
// Spec conformance of every JSON exchange the test suite had with lance-catalog-server.
//
//   node validate-exchanges.mjs [DIR]        (DIR defaults to $LCB_EXCHANGE_LOG_DIR)
//
// Reads every *.jsonl file under DIR (the server's --exchange-log files: one JSON object per
// line, {"operation", "method", "path", "status", "request", "response"}) and validates, with
// Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) over openapi.json beside this file:
//   * the request body against the operation's requestBody schema, when the exchange succeeded
//     (2xx) and the body is not null: requests answered 4xx are deliberately bad ones;
//   * the response body against the schema of the matching response: the declared success
//     response for a 2xx, ErrorResponse for any other status;
//   * that the logged operation is a spec operationId whose route matches the method and path.
// Every violation is listed; the exit status is 1 when there is any, and also when there are no
// exchanges at all (a conformance check that checked nothing must not pass). The unfinished last
// line of a server killed while writing it (no newline, not JSON) is listed as TORN, not failed;
// a line that is not JSON anywhere else fails.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The packages come from `npm ci --prefix tests/node` (scripts/test.sh runs it): say so plainly
// when they are missing, rather than with a module resolution stack trace.
async function load(name) {
    try {
        return (await import(name)).default;
    } catch (error) {
        if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
        console.error(`validate-exchanges: the package ${name} is not installed; ` +
                      'run: npm ci --prefix tests/node --no-audit --no-fund');
        process.exit(1);
    }
}
const Ajv2020 = await load('ajv/dist/2020.js');
const addFormats = await load('ajv-formats');

const SPEC_FILE = join(dirname(fileURLToPath(import.meta.url)), 'openapi.json');
// Any absolute URI will do: it only names the spec inside Ajv so that "$ref"s resolve.
const SPEC_ID = 'urn:lance-catalog-browser:openapi.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// Deviations from the spec's routes that lance-catalog-server makes on purpose, each with its
// reason. Nothing else is excused.
const ALTERNATE_METHODS = {
    // The Rust reference server and client use GET for tags/list (the spec says POST); the
    // server answers both so that either kind of client works (issue 3, part 2).
    ListTableTags: ['GET'],
    // The same for the table's stats: the Rust reference server routes GET, its client POST.
    GetTableStats: ['GET'],
};

// Routes lance-catalog-server adds to the spec, each with its reason and the schema of its
// success answer (its errors are the spec's ErrorResponse like any other). Nothing else is added.
const STRING_MAP = { type: 'object', additionalProperties: { type: 'string' } };
const COUNT = { type: 'integer', minimum: 0 };
const TALLY = { type: 'object', required: ['files', 'bytes'], additionalProperties: false,
                properties: { files: COUNT, bytes: COUNT } };
const BY_KIND = { type: 'object', additionalProperties: false,
                  required: ['data', 'deletion', 'index', 'manifest', 'transaction', 'other'],
                  properties: Object.fromEntries(['data', 'deletion', 'index', 'manifest',
                                                  'transaction', 'other'].map((k) => [k, TALLY])) };
const SCOPE = {
    type: 'object',
    additionalProperties: false,
    required: ['versions', 'fragments', 'small_fragments', 'physical_rows', 'deleted_rows',
               'referenced', 'total'],
    properties: { versions: COUNT, fragments: COUNT, small_fragments: COUNT, physical_rows: COUNT,
                  deleted_rows: COUNT, referenced: BY_KIND, total: TALLY },
};
const HEALTH_RESPONSE = {
    type: 'object',
    additionalProperties: false,
    required: ['small_fragment_rows', 'latest', 'kept', 'unreferenced', 'unreferenced_files',
               'missing_files', 'folder', 'outside_files', 'indices'],
    properties: {
        latest_version: COUNT,
        small_fragment_rows: { type: 'integer', minimum: 1 },
        latest: SCOPE,
        kept: SCOPE,
        unreferenced: BY_KIND,
        unreferenced_files: {
            type: 'array',
            items: {
                type: 'object', additionalProperties: false, required: ['path', 'kind', 'size'],
                properties: { path: { type: 'string' },
                              kind: { enum: ['data', 'deletion', 'index', 'manifest', 'transaction'] },
                              size: COUNT, modified_millis: { type: 'integer' } },
            },
        },
        missing_files: { type: 'array', items: { type: 'string' } },
        folder: TALLY,
        outside_files: COUNT,
        indices: {
            type: 'array',
            items: {
                type: 'object', additionalProperties: false, required: ['name', 'uuid', 'columns', 'files'],
                properties: { name: { type: 'string' }, uuid: { type: 'string' },
                              columns: { type: 'array', items: { type: 'string' } },
                              version: COUNT, uncovered_fragments: COUNT, uncovered_rows: COUNT,
                              files: TALLY },
            },
        },
        context: STRING_MAP,
    },
};
const POLICY = {
    type: 'object',
    additionalProperties: false,
    properties: { older_than_seconds: COUNT, keep_latest: COUNT, before_version: COUNT,
                  delete_unverified: { type: 'boolean' } },
};
const CLEANUP_VERSION = {
    type: 'object',
    additionalProperties: false,
    required: ['version', 'reason', 'recorded'],
    properties: { version: COUNT, timestamp_millis: { type: 'integer' },
                  reason: { enum: ['latest', 'newer', 'tag', 'branch_source', 'outside_policy',
                                   'policy', 'unrecorded'] },
                  detail: { type: 'string' }, recorded: { type: 'boolean' } },
};
const ID = { type: 'array', items: { type: 'string' } };
const EXTENSIONS = {
    // The cleanup of old versions, previewed (the spec deletes version records, no file).
    PlanTableCleanup: {
        method: 'POST',
        pattern: /^\/v1\/table\/[^/]+\/cleanup\/plan$/,
        request: { type: 'object', additionalProperties: false, required: ['policy'],
                   properties: { id: ID, policy: POLICY, context: STRING_MAP } },
        response: {
            type: 'object',
            additionalProperties: false,
            required: ['removed_versions', 'kept_versions', 'files', 'freed', 'kept_recent',
                       'warnings', 'plan_id'],
            properties: {
                latest_version: COUNT,
                removed_versions: { type: 'array', items: CLEANUP_VERSION },
                kept_versions: { type: 'array', items: CLEANUP_VERSION },
                files: {
                    type: 'array',
                    items: {
                        type: 'object', additionalProperties: false,
                        required: ['path', 'kind', 'size'],
                        properties: { path: { type: 'string' },
                                      kind: { enum: ['data', 'deletion', 'index', 'manifest', 'transaction'] },
                                      size: COUNT, last_used_version: COUNT,
                                      modified_millis: { type: 'integer' } },
                    },
                },
                freed: TALLY,
                kept_recent: TALLY,
                warnings: { type: 'array', items: { type: 'string' } },
                plan_id: { type: 'string', minLength: 1 },
                context: STRING_MAP,
            },
        },
    },
    // ... and applied as previewed.
    CleanupTable: {
        method: 'POST',
        pattern: /^\/v1\/table\/[^/]+\/cleanup$/,
        request: { type: 'object', additionalProperties: false, required: ['policy', 'plan_id'],
                   properties: { id: ID, policy: POLICY, plan_id: { type: 'string' },
                                 context: STRING_MAP } },
        response: {
            type: 'object',
            additionalProperties: false,
            required: ['versions_removed', 'removed', 'failed_files'],
            properties: { transaction_id: { type: 'string' }, versions_removed: COUNT,
                          removed: TALLY, failed_files: { type: 'array', items: { type: 'string' } },
                          context: STRING_MAP },
        },
    },
    // The History: the spec describes one transaction (DescribeTransaction) but lists none.
    ListTransactions: {
        method: 'GET',
        pattern: /^\/v1\/transaction\/list$/,
        response: {
            type: 'object',
            required: ['transactions'],
            additionalProperties: false,
            properties: {
                transactions: {
                    type: 'array',
                    items: {
                        type: 'object',
                        required: ['id', 'status', 'properties'],
                        additionalProperties: false,
                        properties: { id: { type: 'string' }, status: { type: 'string' },
                                      properties: STRING_MAP },
                    },
                },
                page_token: { type: 'string' },
                context: STRING_MAP,
            },
        },
    },
    // A table's health: what its files cost and what no kept version needs (GetTableStats
    // answers of one version's rows, nothing of the files in a table's folder).
    GetTableHealth: {
        method: 'POST',
        pattern: /^\/v1\/table\/[^/]+\/health$/,
        request: {
            type: 'object',
            additionalProperties: false,
            properties: {
                id: { type: 'array', items: { type: 'string' } },
                small_fragment_rows: { type: 'integer', minimum: 1 },
                context: STRING_MAP,
            },
        },
        response: HEALTH_RESPONSE,
    },
    // Editing a namespace's properties: the spec can only drop and create it again (Overwrite).
    UpdateNamespaceProperties: {
        method: 'POST',
        pattern: /^\/v1\/namespace\/[^/]+\/properties\/update$/,
        request: {
            type: 'object',
            additionalProperties: false,
            properties: {
                id: { type: 'array', items: { type: 'string' } },
                updates: STRING_MAP,
                removals: { type: 'array', items: { type: 'string' } },
                context: STRING_MAP,
            },
        },
        response: {
            type: 'object',
            required: ['properties'],
            additionalProperties: false,
            properties: { properties: STRING_MAP, context: STRING_MAP },
        },
    },
};

function usage(message) {
    console.error(`validate-exchanges: ${message}`);
    console.error('usage: node validate-exchanges.mjs [DIR]   (default: $LCB_EXCHANGE_LOG_DIR)');
    process.exit(1);
}

// --- The spec ----------------------------------------------------------------------------------

function loadSpec() {
    const spec = JSON.parse(readFileSync(SPEC_FILE, 'utf8'));
    // OpenAPI 3.1 schemas are plain JSON Schema 2020-12, which has no "nullable": a value may be
    // null only where the schema's type says so (the spec does that too, `type: [string, "null"]`).
    // The spec still carries OpenAPI 3.0's `nullable: true` in places. Ajv would read it the 3.0
    // way (and refuse it beside a bare $ref), so it is dropped here, as any 3.1 validator
    // ignores it: a null in such a field is reported, not accepted. Only boolean values are
    // dropped, so a schema property that happens to be called "nullable" (Arrow fields) stays.
    const dropNullable = (node) => {
        if (Array.isArray(node)) {
            node.forEach(dropNullable);
        } else if (node && typeof node === 'object') {
            if (typeof node.nullable === 'boolean') delete node.nullable;
            Object.values(node).forEach(dropNullable);
        }
    };
    dropNullable(spec.components);
    dropNullable(spec.paths);
    return spec;
}

const escapePointer = (segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1');

function atPointer(spec, pointer) {
    let node = spec;
    for (const raw of pointer.split('/').slice(1)) {
        const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
        if (node === undefined || node === null) break;
        node = node[segment];
    }
    if (node === undefined) throw new Error(`spec has nothing at ${pointer}`);
    return node;
}

// Follows OpenAPI "$ref"s (responses, request bodies) to the pointer of the object itself.
function follow(spec, pointer) {
    for (let hops = 0; hops < 20; hops++) {
        const node = atPointer(spec, pointer);
        if (!node || typeof node.$ref !== 'string') return pointer;
        if (!node.$ref.startsWith('#/')) throw new Error(`external $ref at ${pointer}: ${node.$ref}`);
        pointer = node.$ref.slice(1);
    }
    throw new Error(`$ref loop at ${pointer}`);
}

// The pointer of the application/json schema of a response or request body object, or null.
function jsonSchemaPointer(spec, pointer) {
    pointer = follow(spec, pointer);
    const content = atPointer(spec, pointer).content ?? {};
    return 'application/json' in content && content['application/json'].schema
        ? `${pointer}/content/application~1json/schema`
        : null;
}

function indexOperations(spec) {
    const operations = new Map();
    for (const [template, item] of Object.entries(spec.paths)) {
        for (const method of HTTP_METHODS) {
            const op = item[method];
            if (!op?.operationId) continue;
            const base = `/paths/${escapePointer(template)}/${method}`;
            const pattern = new RegExp(
                `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
            let request = null; // { pointer, media } of the request body, when the spec has one
            if (op.requestBody) {
                const bodyPointer = follow(spec, `${base}/requestBody`);
                const media = Object.keys(atPointer(spec, bodyPointer).content ?? {});
                request = { pointer: jsonSchemaPointer(spec, bodyPointer), media };
            }
            const responses = {};
            for (const status of Object.keys(op.responses ?? {})) {
                responses[status] = jsonSchemaPointer(spec, `${base}/responses/${escapePointer(status)}`);
            }
            operations.set(op.operationId, {
                id: op.operationId, method: method.toUpperCase(), template, pattern, request, responses,
            });
        }
    }
    return operations;
}

// --- The exchanges -----------------------------------------------------------------------------

function jsonlFiles(dir) {
    const found = [];
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) found.push(...jsonlFiles(path));
        else if (entry.name.endsWith('.jsonl')) found.push(path);
    }
    return found.sort();
}

function valueAt(body, instancePath) {
    let node = body;
    for (const raw of instancePath.split('/').slice(1)) {
        node = node?.[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    return node;
}

// Said beside a null the schema refuses: the spec's intent may have been "nullable", but what it
// says in OpenAPI 3.1 does not allow null.
const NULL_HINT = ' - a null where the type has no "null" (OpenAPI 3.0\'s `nullable: true` does not ' +
    'count in 3.1): leave the field out';

function brief(value, limit = 300) {
    const text = JSON.stringify(value);
    if (text === undefined) return 'undefined';
    return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

function main() {
    const dir = process.argv[2] ?? process.env.LCB_EXCHANGE_LOG_DIR;
    if (!dir) usage('no directory given and LCB_EXCHANGE_LOG_DIR is not set');
    let isDir = false;
    try {
        isDir = statSync(dir).isDirectory();
    } catch {
        // reported below
    }
    if (!isDir) usage(`${dir} is not a directory (did no test talk to lance-catalog-server?)`);

    const spec = loadSpec();
    const operations = indexOperations(spec);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(spec, SPEC_ID);
    const validators = new Map();
    const validatorAt = (pointer) => {
        if (!validators.has(pointer)) {
            validators.set(pointer, ajv.compile({ $ref: `${SPEC_ID}#${pointer}` }));
        }
        return validators.get(pointer);
    };
    const ERROR_RESPONSE = '/components/schemas/ErrorResponse';

    const failures = [];
    const seen = new Map(); // operationId -> count, for the closing report
    let exchanges = 0;
    let requests = 0;
    let responses = 0;

    const torn = []; // the unfinished last lines of killed servers, reported but not failed
    const files = jsonlFiles(dir);
    for (const file of files) {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, index) => {
            if (line.trim() === '') return;
            const where = `${relative(dir, file)}:${index + 1}`;
            // The server writes each line, newline included, in one write(): only a server killed
            // while writing leaves a line without its newline, and only as the file's last. Any
            // other line that is not JSON is a malformed exchange.
            const unfinished = index === lines.length - 1;
            let record;
            try {
                record = JSON.parse(line);
            } catch (error) {
                if (unfinished && line.startsWith('{')) {
                    torn.push(`${where}: ${line.length} bytes of a line the server did not finish ` +
                              '(killed while writing it): not checked');
                } else {
                    failures.push(`${where}: not JSON (${error.message})`);
                }
                return;
            }
            exchanges++;
            const { operation, method, path, status, request, response } = record ?? {};
            const head = `${where} ${operation ?? '(no operation)'} ${method} ${path} -> ${status}`;
            const fail = (what) => failures.push(`${head}: ${what}`);
            const check = (kind, pointer, body) => {
                const validate = validatorAt(pointer);
                if (validate(body)) return;
                const details = validate.errors.map((e) =>
                    `\n      ${e.instancePath || '(body)'} ${e.message}` +
                    `${Object.keys(e.params ?? {}).length ? ` ${brief(e.params)}` : ''}` +
                    ` (schema ${e.schemaPath})` +
                    (e.keyword === 'type' && valueAt(body, e.instancePath) === null ? NULL_HINT : ''));
                fail(`${kind} does not match ${pointer}:${details.join('')}` +
                     `\n      ${kind} body: ${brief(body)}`);
            };

            if (!record || typeof record !== 'object' || !Number.isInteger(status) ||
                typeof method !== 'string' || typeof path !== 'string' || !('request' in record) ||
                !('response' in record)) {
                fail('malformed record, expected {operation, method, path, status, request, ' +
                     `response}: ${brief(record)}`);
                return;
            }
            const ok = status >= 200 && status < 300;
            const op = operations.get(operation);
            seen.set(operation ?? '(none)', (seen.get(operation ?? '(none)') ?? 0) + 1);

            const extension = EXTENSIONS[operation];
            if (!op && extension) {
                responses++;
                if (!ok) {
                    check('response', ERROR_RESPONSE, response);
                    return;
                }
                if (method.toUpperCase() !== extension.method || !extension.pattern.test(path.split('?')[0])) {
                    fail(`${operation} is ${extension.method} ${extension.pattern}, not ${method} ${path}`);
                }
                if (extension.request) {
                    const validateRequest = ajv.compile(extension.request);
                    if (!validateRequest(request)) {
                        fail(`request does not match ${operation}'s schema: ` +
                             `${brief(validateRequest.errors)}\n      request body: ${brief(request)}`);
                    }
                }
                const validate = ajv.compile(extension.response);
                if (!validate(response)) {
                    fail(`response does not match ${operation}'s schema: ${brief(validate.errors)}` +
                         `\n      response body: ${brief(response)}`);
                }
                return;
            }
            if (!op) {
                // A request the server could not map to an operation (an unknown route, say) must
                // still have been answered with an error body.
                if (ok) {
                    fail(`"${operation}" is no operationId of the spec, yet the answer was a success`);
                } else if (response === null) {
                    fail('an error answer without a JSON ErrorResponse body');
                } else {
                    responses++;
                    check('response', ERROR_RESPONSE, response);
                }
                return;
            }

            // The route of a request the server accepted: the logged operation must be the one the
            // spec puts at this method and path. (A refused one may be wrong in any way: a 405 for
            // the wrong method is the point of sending it.)
            if (ok) {
                if (!op.pattern.test(path.split('?')[0])) {
                    fail(`the path does not match ${op.id}'s route ${op.template}`);
                }
                if (method.toUpperCase() !== op.method &&
                    !(ALTERNATE_METHODS[op.id] ?? []).includes(method.toUpperCase())) {
                    fail(`${op.id} is ${op.method} in the spec, not ${method}`);
                }
            }

            // The request body, for requests the server accepted.
            if (ok && request !== null && request !== undefined) {
                if (op.request?.pointer) {
                    requests++;
                    check('request', op.request.pointer, request);
                } else if (op.request) {
                    fail(`a JSON request body where the spec expects ${op.request.media.join(', ')}`);
                } else if (spec.components.schemas[`${op.id}Request`]) {
                    // The REST binding passes this operation's request in the path and query, yet
                    // the Lance client sends the request model as a body anyway (DropTable with
                    // {"id": [...]}): it must then be that model.
                    requests++;
                    check('request', `/components/schemas/${op.id}Request`, request);
                } else {
                    fail(`a request body where the spec defines none: ${brief(request)}`);
                }
            }

            // The response body.
            if (ok) {
                let pointer = op.responses[String(status)];
                if (!(String(status) in op.responses)) {
                    const declared = Object.keys(op.responses).filter((s) => /^2/.test(s));
                    fail(`status ${status} is not among ${op.id}'s success statuses ` +
                         `(${declared.join(', ')})`);
                    pointer = declared.map((s) => op.responses[s]).find(Boolean) ?? null;
                }
                if (pointer) {
                    if (response === null || response === undefined) {
                        fail('no JSON response body where the spec declares one');
                    } else {
                        responses++;
                        check('response', pointer, response);
                    }
                }
            } else if (response === null || response === undefined) {
                fail('an error answer without a JSON ErrorResponse body');
            } else {
                responses++;
                check('response', ERROR_RESPONSE, response);
            }
        });
    }

    for (const line of torn) console.log(`TORN ${line}`);
    for (const failure of failures) console.log(`FAIL ${failure}`);
    const operationsSeen = [...seen.entries()].sort().map(([id, n]) => `${id} ${n}`).join(', ');
    console.log(`${files.length} exchange log(s) in ${dir}; operations: ${operationsSeen || 'none'}`);
    if (exchanges === 0) {
        console.error('validate-exchanges: no exchanges recorded: nothing was checked');
    }
    console.log(`validated ${exchanges} exchanges (${requests} requests, ${responses} responses), ` +
                `${torn.length} torn last line(s) of killed servers, ${failures.length} failures`);
    process.exit(failures.length === 0 && exchanges > 0 ? 0 : 1);
}

main();
