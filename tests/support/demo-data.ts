import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// The demo data folder of the embedded start (PGlite with the reference data and the demo listings, and the demo
// photos), seeded once per Vitest run and copied for each journey server: seeding it took each journey file's server
// about a minute of CPU on this machine, the copy takes a second. tests/support/global-setup.ts gives the run its
// folder (DEMO_SNAPSHOT_ENV); the first journey that needs the data makes it there, the others wait for it. Once per
// run rather than cached across runs: a fifth of the demo feed is under 24 hours old (the basic tariff's delay shows on
// it), so a data folder from an earlier day would not be the feed the journeys expect. Outside such a run (the soak,
// a bench) there is no folder and each server seeds its own, as before. docs/decisions.md, "CI time".

/** The environment variable naming this run's snapshot folder (set by tests/support/global-setup.ts). */
export const DEMO_SNAPSHOT_ENV = 'AUTORADAR_DEMO_SNAPSHOT_DIR';

/** How long a journey waits for another process to finish the snapshot before seeding its own. */
const WAIT_MS = 330_000;

/**
 * A fresh copy of this run's seeded demo data folder, for a server's DATA_DIR; undefined when the run has no
 * snapshot folder or it could not be made (the server then seeds its own). `seed` starts a server on the given
 * DATA_DIR until it is up and stops it: the product's own start writes the data, exactly as README's start does.
 */
export async function demoDataCopy(seed: (dataDir: string) => Promise<void>): Promise<string | undefined> {
  const root = process.env[DEMO_SNAPSHOT_ENV];
  if (!root || !existsSync(root)) return undefined;
  const data = path.join(root, 'data');
  const ready = path.join(root, 'ready');
  const failed = path.join(root, 'failed');
  let lockTaken = false;
  try {
    mkdirSync(path.join(root, 'lock'));
    lockTaken = true;
  } catch {
    // Another journey makes it: wait for its mark.
  }
  if (lockTaken) {
    try {
      await seed(data);
      writeFileSync(ready, new Date().toISOString());
    } catch (error) {
      writeFileSync(failed, String(error));
      return undefined;
    }
  } else {
    const until = Date.now() + WAIT_MS;
    while (!existsSync(ready) && !existsSync(failed) && Date.now() < until) await sleep(250);
    if (!existsSync(ready)) return undefined;
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'autoradar-data-'));
  cpSync(data, copy, { recursive: true });
  return copy;
}

/** For the global setup: a new, empty snapshot folder for this run, and its removal at the end. */
export function createDemoSnapshotFolder(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoradar-demo-snapshot-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
