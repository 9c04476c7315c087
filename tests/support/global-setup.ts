// Runs once before any test file: builds the two apps into a folder of this run's own (FANCLUB_TEST_APPS_DIR,
// which the test files' processes inherit), and removes it when the run ends. A build shared between runs would be
// rebuilt under a running browser suite by another run (a console page then reloads itself to find its chunks);
// one per run is never touched while it is served. It also makes the migrated PGlite database every PGlite test
// server starts from (FANCLUB_TEST_PGLITE_TEMPLATE, ./pglite-template.ts). The run's temporary files go to a folder
// of its own in memory when the machine has one (runTmpDir below), removed when the run ends.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS_DIR_VARIABLE } from './apps';
import { buildPgliteTemplate, PGLITE_TEMPLATE_VARIABLE } from './pglite-template';

const since = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** The system's temporary folder while TMPDIR points at the run's folder in memory (see runTmpDir). */
export const DISK_TMPDIR_VARIABLE = 'FANCLUB_TEST_DISK_TMPDIR';

/** A memory-backed file system with room to spare (the test servers' data folders take tens of MB each). */
const MEMORY_TMP = '/dev/shm';
const MEMORY_TMP_MIN_FREE = 4 * 1024 ** 3;

/**
 * The folder this run's temporary files go in (TMPDIR, which os.tmpdir() reads and the test files' processes and
 * their children inherit): FANCLUB_TEST_TMPDIR if set, else a folder of the run's own on /dev/shm when it is a
 * writable memory file system with room, else the system's. Every test server copies a PGlite folder of about
 * 1,300 files and removes it when it closes; on a disk mounted with discard (as here: ext4) the copy and the
 * removal took 3-4 s per server, in memory about 0.15 s. The files are the same files either way: PGlite, the
 * uploads and the browsers' profiles still read and write a real file system.
 */
function runTmpDir(): string | null {
  if (process.env.FANCLUB_TEST_TMPDIR) return process.env.FANCLUB_TEST_TMPDIR;
  try {
    const st = fs.statfsSync(MEMORY_TMP);
    // TMPFS_MAGIC: a memory file system, not a disk mounted there.
    if (st.type !== 0x01021994 || st.bavail * st.bsize < MEMORY_TMP_MIN_FREE) return null;
    return fs.mkdtempSync(path.join(MEMORY_TMP, 'fanclub-test-run-'));
  } catch {
    return null;
  }
}

export default async function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const runTmp = runTmpDir();
  if (runTmp) {
    // The system's, for what may not live under /dev (Janus will not record there: ./janus.ts).
    process.env[DISK_TMPDIR_VARIABLE] = os.tmpdir();
    process.env.TMPDIR = runTmp;
    console.log(`global setup: temporary files in ${runTmp}`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-test-apps-'));
  const started = Date.now();
  execSync(`node infra/cli/ensure-built.mjs --out ${JSON.stringify(dir)}`, { cwd: root, stdio: 'inherit' });
  console.log(`global setup: built the apps into ${dir} in ${since(started)}`);
  process.env[APPS_DIR_VARIABLE] = dir;
  const templateStarted = Date.now();
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-test-pglite-'));
  process.env[PGLITE_TEMPLATE_VARIABLE] = await buildPgliteTemplate(templateDir);
  console.log(`global setup: made the PGlite template in ${since(templateStarted)}`);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(templateDir, { recursive: true, force: true });
    // What the test files left behind in the run's own folder goes with it (memory, not disk).
    if (runTmp && runTmp !== process.env.FANCLUB_TEST_TMPDIR) fs.rmSync(runTmp, { recursive: true, force: true });
  };
}
