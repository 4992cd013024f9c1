import type { SourceReadFailure } from './source-reader';
import { sourceMessages } from './sources.messages';

// A Telegram source's channel name as both Telegram readers take it (the web preview and MTProto read by username).

/** The channel's username from '@name' or 'name', lower-case; null for anything else (a numeric chat id). */
export function telegramChannelName(identifier: string): string | null {
  const name = identifier.trim().replace(/^@/, '').toLowerCase();
  return /^[a-z][a-z0-9_]{3,31}$/.test(name) ? name : null;
}

/** The answer for a source a username reader cannot read at all (a bot-admin channel known by its numeric id). */
export function noChannelName(identifier: string): SourceReadFailure {
  return {
    ok: false,
    failure: { code: 'not-found', message: sourceMessages.channelNotFound(identifier) },
    requests: 0,
  };
}
