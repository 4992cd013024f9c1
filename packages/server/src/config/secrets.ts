// The production rule for secrets (issue 31), read by the shared config (packages/server/src/config/config.ts) and by the bot's own
// process (bot/src/env.ts): a secret that someone else can know or guess stops the start, naming the variable.

/** The shortest secret production accepts: 32 characters (`openssl rand -hex 32` gives 64). */
export const SECRET_MIN_LENGTH = 32;

/** REVERB_APP_SECRET when unset: fine on a developer's machine, refused in production. */
export const DEFAULT_REVERB_APP_SECRET = 'autoradar-secret';

/**
 * Values that ship with the project (the code's defaults, infra/env.example's placeholders): public, so never a
 * secret, however long.
 */
export const KNOWN_DEFAULT_SECRETS = [DEFAULT_REVERB_APP_SECRET, 'autoradar-key', 'change-me', 'changeme', 'secret'];

/** A random string of 32 characters has far more than this many different characters; `aaaa…` has one. */
const MIN_DISTINCT_CHARACTERS = 8;

/** Why a value is not a production secret (Russian, for the one-line start error), or null when it is one. */
export function weakSecretReason(value: string): string | null {
  const text = value.trim();
  if (KNOWN_DEFAULT_SECRETS.includes(text.toLowerCase())) {
    return 'это значение по умолчанию; задайте случайную строку (например, openssl rand -hex 32)';
  }
  if (text.length < SECRET_MIN_LENGTH) {
    return `нужна случайная строка не короче ${SECRET_MIN_LENGTH} символов (например, openssl rand -hex 32)`;
  }
  if (new Set(text).size < MIN_DISTINCT_CHARACTERS) {
    return 'строка не похожа на случайную; задайте случайную (например, openssl rand -hex 32)';
  }
  return null;
}

/**
 * The first secret of `names` that production refuses, as the start error's line, or null. Unset variables are
 * skipped: the caller decides which secrets are required and what an unset one means.
 */
export function productionSecretProblem(
  env: Record<string, string | undefined>,
  names: readonly string[],
): string | null {
  for (const name of names) {
    const value = env[name];
    if (value === undefined || value.trim() === '') continue;
    const reason = weakSecretReason(value);
    if (reason) return `Неверная настройка ${name}: в режиме production ${reason}`;
  }
  return null;
}
