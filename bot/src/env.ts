import { DEFAULT_REVERB_APP_SECRET, productionSecretProblem } from '@autoradar/server/config/secrets';
import {
  BOT_PRODUCTION_SECRETS,
  ConfigError,
  loadConfig,
  type Config,
  type ConfigRole,
} from '@autoradar/server/config/config';

// The settings of the bot's and the worker's own processes (infra/compose): the one configuration every process reads
// (packages/server/src/config/config.ts, issue 30), with the same names and defaults as the API's (README). A bad
// value throws ConfigError naming the variable.
export function readBotEnv(
  env: Record<string, string | undefined> = process.env,
  role: Extract<ConfigRole, 'bot' | 'worker'> = 'bot',
) {
  return botEnvOf(loadConfig(env, { role }));
}

/** The bot's view of the shared configuration. */
export function botEnvOf(config: Config) {
  return {
    /**
     * Where their live events go: an API instance's websocket port, through the signed Pusher HTTP events API
     * (DESIGN.md §5); REVERB_HOST names the API (compose: `api`).
     */
    reverb: {
      appId: config.reverb.appId,
      key: config.reverb.key,
      secret: config.reverb.secret,
      host: config.reverb.host,
      port: config.reverb.port,
    },
    token: config.bot.token,
    appName: config.appName,
    appUrl: config.appUrl,
    botUsername: config.bot.username,
    miniappShortName: config.bot.miniappShortName,
    apiUrl: config.bot.apiUrl,
    webhook: config.bot.webhook,
  };
}

/**
 * With NODE_ENV=production, the first secret of this process that is a default, short or not random, as the one-line
 * start error naming it (the API's rule, packages/server/src/config/config.ts); null otherwise. REVERB_APP_SECRET signs the events
 * the bot publishes, so its default counts; BOT_WEBHOOK_SECRET only when set (derived from the token otherwise).
 */
export function botSecretProblem(env: Record<string, string | undefined> = process.env): string | null {
  if (env['NODE_ENV']?.trim() !== 'production') return null;
  return productionSecretProblem(
    { ...env, REVERB_APP_SECRET: env['REVERB_APP_SECRET']?.trim() || DEFAULT_REVERB_APP_SECRET },
    BOT_PRODUCTION_SECRETS,
  );
}

/** The bot's and the worker's start: the secret rule, then the one configuration; a problem stops the process with its line. */
export function loadProcessConfigOrExit(role: 'bot' | 'worker'): Config {
  const problem = botSecretProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  try {
    return loadConfig(process.env, { role });
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : String(err));
    process.exit(1);
  }
}
