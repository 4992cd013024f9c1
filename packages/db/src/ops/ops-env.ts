import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: `DATA_DIR` is resolved against it, exactly as the API resolves it (packages/server/src/config/config.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type OpsEnv = {
  /** PostgreSQL connection string; absent: the embedded PGlite database under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  mediaDir: string;
};

/** The settings the database commands need, with the API's defaults. */
export function readOpsEnv(env: NodeJS.ProcessEnv = process.env): OpsEnv {
  const dataDir = path.resolve(repoRoot, env.DATA_DIR?.trim() || '.data');
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  return { databaseUrl, dataDir, mediaDir: path.join(dataDir, 'media') };
}

/**
 * A path given on the command line: pnpm runs the package's script in the package's folder and passes where it was
 * started as INIT_CWD (the workspace root for the root `db:*` scripts), so relative paths are from there.
 */
export function argumentPath(arg: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD || process.cwd(), arg);
}

/** Runs a command's body: its message on success, one line and exit code 1 on failure. */
export async function runCommand(body: () => Promise<string>): Promise<void> {
  try {
    console.log(await body());
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
