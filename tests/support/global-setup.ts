import { createDemoSnapshotFolder, DEMO_SNAPSHOT_ENV } from './demo-data';

// Once per Vitest run, before any test file: an empty folder for the demo data snapshot the journey servers start
// from (tests/support/demo-data.ts; the first journey fills it). A run without journeys only makes and removes it.
export default function setup(): () => void {
  const folder = createDemoSnapshotFolder();
  process.env[DEMO_SNAPSHOT_ENV] = folder.dir;
  return () => folder.remove();
}
