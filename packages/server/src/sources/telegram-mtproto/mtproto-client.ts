import { TelegramClient } from 'telegram';
import { Logger, LogLevel } from 'telegram/extensions/Logger.js';
import { StringSession } from 'telegram/sessions/index.js';
import { MTPROTO_TIMEOUT_MS, MtprotoTimeoutError, type MtprotoClient } from './mtproto-reader';

// GramJS (the npm package `telegram`) connected with our user session (TELEGRAM_API_ID, TELEGRAM_API_HASH,
// TELEGRAM_SESSION), and the one-time interactive login that makes that session. GramJS over mtcute: it is plain
// JavaScript (mtcute's Node package builds better-sqlite3, a native addon, for its storage), its TL classes can be
// constructed directly (the reader's tests build real Api.Message objects), and RSSHub's Telegram route runs on it.

export interface MtprotoSettings {
  apiId: number;
  apiHash: string;
  session: string;
}

function newClient(settings: MtprotoSettings): TelegramClient {
  return new TelegramClient(new StringSession(settings.session), settings.apiId, settings.apiHash, {
    connectionRetries: 3,
    // Every FLOOD_WAIT reaches the reader as an error with its wait; GramJS would otherwise sleep through short ones.
    floodSleepThreshold: 0,
    baseLogger: new Logger(LogLevel.ERROR),
  });
}

/** `promise`, or a MtprotoTimeoutError once `ms` have passed without an answer. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new MtprotoTimeoutError(`${what}: no answer in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * A client that connects on its first call (a process without MTProto sources never opens a connection) and gives up
 * on a call after MTPROTO_TIMEOUT_MS, so a read always ends.
 */
export function createMtprotoClient(settings: MtprotoSettings): MtprotoClient & { disconnect(): Promise<void> } {
  const client = newClient(settings);
  let connected: Promise<unknown> | null = null;
  const ready = () => (connected ??= client.connect());
  return {
    async invoke(request) {
      await within(ready(), MTPROTO_TIMEOUT_MS, 'connect');
      return within(client.invoke(request), MTPROTO_TIMEOUT_MS, request.className);
    },
    async downloadMedia(media, params) {
      await within(ready(), MTPROTO_TIMEOUT_MS, 'connect');
      return within(client.downloadMedia(media, params ?? {}), MTPROTO_TIMEOUT_MS, 'download');
    },
    async disconnect() {
      if (connected) await client.disconnect();
    },
  };
}

export interface SessionPrompts {
  /** Asks the operator one question and returns the answer (the phone, the code, the 2FA password). */
  ask(question: string): Promise<string>;
  say(line: string): void;
}

/** Logs in as a Telegram user (phone, code, 2FA password) and returns the session string for TELEGRAM_SESSION. */
export async function createTelegramSession(
  settings: Omit<MtprotoSettings, 'session'>,
  prompts: SessionPrompts,
): Promise<string> {
  const client = newClient({ ...settings, session: '' });
  try {
    await client.start({
      phoneNumber: () => prompts.ask('Номер телефона аккаунта Telegram (+7…): '),
      phoneCode: () => prompts.ask('Код из Telegram: '),
      password: (hint) =>
        prompts.ask(hint ? `Пароль двухэтапной проверки (подсказка: ${hint}): ` : 'Пароль двухэтапной проверки: '),
      // A mistyped code or password is asked again; anything else (a wrong api_id, a banned number) ends the login.
      onError: (err) => {
        prompts.say(`Ошибка: ${err.message}`);
        return Promise.resolve(!/PHONE_CODE_INVALID|PASSWORD_HASH_INVALID/.test(err.message));
      },
    });
    const session = client.session.save();
    if (typeof session !== 'string' || session === '')
      throw new Error('Вход в Telegram не завершён: сессия не создана');
    return session;
  } finally {
    await client.disconnect();
  }
}
