// SPDX-License-Identifier: Apache-2.0
//
// Our cleanup of old versions, checked with LanceDB itself: LanceDB writes health-table.mjs's
// table (appends, deletes, an update, an index, a compaction, Lance's tag on version 3, a
// branch from version 5) into a folder that `lance-catalog --local` then keeps as a catalog.
// After `lance-catalog cleanup` every version it kept opens in LanceDB and reads the rows it
// read before, the branch too; and LanceDB's own cleanup with the same policy finds nothing
// more to remove than what a catalog keeps on purpose (the tagged version and the branch's
// source, which Lance would remove once the tag is gone).
//
//   LCB_CLI_PATH=<build>/app/cli/lance-catalog node --test lance-cleanup.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { makeHealthTable, olderThan, TABLE } from './health-table.mjs';

const lancedb = await import('@lancedb/lancedb');
const arrow = await import('apache-arrow');

const CLI = process.env.LCB_CLI_PATH;
let folder;
let made;
let failed = false;

const cli = (...args) => JSON.parse(execFileSync(CLI, ['--local', folder, ...args],
                                                 { encoding: 'utf8', timeout: 60_000 }));
const rowsOf = async (table) => (await table.query().toArray())
    .map((row) => ({ id: row.id, sensor: row.sensor, reading: row.reading }))
    .sort((a, b) => a.id - b.id);
const filesOf = (root) => {
    const found = new Set();
    const walk = (dir) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
            const path = join(dir, entry.name);
            if (entry.isDirectory()) walk(path);
            else found.add(relative(root, path));
        }
    };
    walk(root);
    return found;
};

before(async () => {
    assert.ok(CLI && existsSync(CLI), 'LCB_CLI_PATH must name lance-catalog');
    folder = mkdtempSync(join(tmpdir(), 'lcb-lance-cleanup-'));
    made = await makeHealthTable(lancedb, arrow, folder);
});

after(() => {
    if (failed) {
        console.error(`kept for a look: ${folder}`);
    } else if (folder) {
        rmSync(folder, { recursive: true, force: true });
    }
});

test('every version kept reads what it read, and LanceDB finds nothing more to clean', async (t) => {
    t.after(() => { failed ||= t.passed === false; });
    const { table, experiment } = made;
    const listed = await table.listVersions();
    const before = new Map();
    for (const { version } of listed) {
        await table.checkout(version);
        before.set(version, await rowsOf(table));
    }
    await table.checkoutLatest();
    const branchRows = await rowsOf(experiment);
    const timestamps = new Map(listed.map((v) => [v.version, v.timestamp.toISOString()]));

    // Our cleanup of every version before 10: the tagged 3 and the branch's source 5 stay.
    const plan = cli('cleanup', TABLE, '--before', '10', '--dry-run', '--json');
    const removed = plan.removed_versions.map((v) => v.version);
    assert.deepEqual(removed, [1, 2, 4, 6, 7, 8, 9]);
    assert.deepEqual(plan.kept_versions.map((v) => [v.version, v.reason]),
                     [[3, 'tag'], [5, 'branch_source'], [10, 'latest']]);
    const done = cli('cleanup', TABLE, '--before', '10', '--yes', '--json');
    assert.equal(done.plan.plan_id, plan.plan_id);
    assert.equal(done.cleanup.removed.files, plan.files.length);
    assert.deepEqual(done.cleanup.failed_files, []);
    const root = join(folder, `${TABLE}.lance`);
    const left = filesOf(root);
    for (const file of plan.files) assert.ok(!left.has(file.path), `${file.path} is gone`);

    // LanceDB opens every version kept, and the branch, and reads the same rows.
    const reopened = await (await lancedb.connect(folder)).openTable(TABLE);
    assert.deepEqual((await reopened.listVersions()).map((v) => v.version), [3, 5, 10]);
    for (const version of [3, 5, 10]) {
        await reopened.checkout(version);
        assert.deepEqual(await rowsOf(reopened), before.get(version), `version ${version}`);
    }
    const branch = await (await reopened.branches()).list();
    assert.ok('experiment' in branch);
    const checkedOut = await reopened.checkoutBranch?.('experiment');
    assert.deepEqual(await rowsOf(checkedOut ?? experiment), branchRows);

    // LanceDB's own cleanup with the same policy refuses to clean past the tagged version.
    const copies = mkdtempSync(join(tmpdir(), 'lcb-lance-cleanup-copy-'));
    t.after(() => rmSync(copies, { recursive: true, force: true }));
    const boundary = olderThan(timestamps.get(10));
    const copyOf = async (name) => {
        cpSync(root, join(copies, name, `${TABLE}.lance`), { recursive: true, preserveTimestamps: true });
        return (await lancedb.connect(join(copies, name))).openTable(TABLE);
    };
    const same = await copyOf('same');
    await assert.rejects(same.optimize({ cleanupOlderThan: boundary, deleteUnverified: true }),
                         /tagged version/);
    // With the tag deleted first, it removes what this cleanup kept on purpose and nothing
    // else: versions 3 and 5, and files only they name (5's the branch still reads).
    const untagged = await copyOf('untagged');
    await (await untagged.tags()).delete('q3-close');
    const beforeLance = filesOf(join(copies, 'untagged', `${TABLE}.lance`));
    const stats = await untagged.optimize({ cleanupOlderThan: boundary, deleteUnverified: true });
    assert.equal(stats.prune.oldVersionsRemoved, 2);
    const afterLance = filesOf(join(copies, 'untagged', `${TABLE}.lance`));
    const lanceRemoved = [...beforeLance].filter((path) => !afterLance.has(path));
    const keptOnPurpose = cli('health', TABLE, '--json'); // the catalog's view of what 3 and 5 need
    assert.ok(keptOnPurpose.unreferenced_files.length === 0);
    const ourPlanNow = cli('cleanup', TABLE, '--before', '10', '--dry-run', '--json');
    assert.deepEqual(ourPlanNow.files, [], 'nothing left for our own cleanup either');
    for (const path of lanceRemoved) {
        assert.ok(/^(_versions|_transactions|_deletions|data|_indices)\//.test(path), path);
    }
    const manifestsRemoved = lanceRemoved.filter((path) => path.startsWith('_versions/'));
    assert.equal(manifestsRemoved.length, 2, lanceRemoved.join(', '));
});
