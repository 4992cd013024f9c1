import { Api } from 'telegram';
import { FloodWaitError, RPCError, SlowModeWaitError } from 'telegram/errors/index.js';
import { returnBigInt } from 'telegram/Helpers.js';
import type { RawSourceMessage } from '../build-source-posts';
import { pagedReadSuccess, readPagesBack, type PageOutcome } from '../read-pages';
import type {
  PhotoLocation,
  SourceFailure,
  SourceReader,
  SourceReadOutcome,
  SourceReadRequest,
} from '../source-reader';
import { sourceMessages } from '../sources.messages';
import { noChannelName, telegramChannelName } from '../telegram-channel-name';
import { mtprotoMessage, publicUsername } from './mtproto-message';
import type { PeerStore, StoredPeer } from './peer-store';

// Channels without a web preview, read over MTProto with a user session (issue 28): each username is resolved once
// (contacts.resolveUsername, which Telegram allows only a few times a day) and its peer kept in the PeerStore; history
// is read with messages.getHistory pages newest first (offset_id pages back), so catch-up, re-checks and confirmed
// deletions follow the same paging rules as the web preview, and messages go through the same normaliser. Every
// FLOOD_WAIT is returned as a rate-limited failure with its wait: the client is built with floodSleepThreshold 0, so
// GramJS never sleeps through one on its own.

/** The part of GramJS's TelegramClient the reader uses; tests give it a stand-in that answers with the library's objects. */
export interface MtprotoClient {
  invoke<R extends Api.AnyRequest>(request: R): Promise<R['__response']>;
  downloadMedia(
    media: Api.Message | Api.TypeMessageMedia,
    params?: { thumb?: number | Api.TypePhotoSize },
  ): Promise<Buffer | string | undefined>;
}

export interface MtprotoReaderOptions {
  client: MtprotoClient;
  peers: PeerStore;
  /** At most this many pages of 100 in one read (catch-up after downtime). */
  maxPages?: number;
}

/** How long one MTProto call may take before the read gives up (GramJS has no request timeout of its own). */
export const MTPROTO_TIMEOUT_MS = 30_000;

/** A call that got no answer within MTPROTO_TIMEOUT_MS. */
export class MtprotoTimeoutError extends Error {}

const PAGE_SIZE = 100;
const FIRST_READ_COUNT = 20;

const inputChannel = (peer: StoredPeer) =>
  new Api.InputChannel({ channelId: returnBigInt(peer.channelId), accessHash: returnBigInt(peer.accessHash) });
const inputPeer = (peer: StoredPeer) =>
  new Api.InputPeerChannel({ channelId: returnBigInt(peer.channelId), accessHash: returnBigInt(peer.accessHash) });

const AUTH_ERRORS = new Set([
  'AUTH_KEY_UNREGISTERED',
  'AUTH_KEY_INVALID',
  'AUTH_KEY_DUPLICATED',
  'SESSION_REVOKED',
  'SESSION_EXPIRED',
  'USER_DEACTIVATED',
  'USER_DEACTIVATED_BAN',
]);
const NOT_FOUND_ERRORS = new Set(['USERNAME_NOT_OCCUPIED', 'USERNAME_INVALID', 'CHANNEL_INVALID']);
const PRIVATE_ERRORS = new Set(['CHANNEL_PRIVATE', 'CHANNEL_PUBLIC_GROUP_NA', 'CHAT_FORBIDDEN']);

/** An error GramJS threw, as the failure the scheduler acts on. */
export function mtprotoFailure(err: unknown, name: string): SourceFailure {
  if (err instanceof FloodWaitError || err instanceof SlowModeWaitError) {
    const wait = Math.max(1, err.seconds) * 1000;
    return { code: 'rate-limited', message: sourceMessages.mtprotoFloodWait(wait), retryAfterMs: wait, scope: 'host' };
  }
  if (err instanceof RPCError) {
    const code = err.errorMessage;
    if (AUTH_ERRORS.has(code)) return { code: 'auth', message: sourceMessages.mtprotoAuth };
    if (NOT_FOUND_ERRORS.has(code)) return { code: 'not-found', message: sourceMessages.channelNotFound(name) };
    if (PRIVATE_ERRORS.has(code)) return { code: 'private', message: sourceMessages.mtprotoPrivate(name) };
    return { code: 'network', message: sourceMessages.mtprotoError(code) };
  }
  if (err instanceof MtprotoTimeoutError)
    return { code: 'timeout', message: sourceMessages.tgTimeout(MTPROTO_TIMEOUT_MS) };
  return { code: 'network', message: sourceMessages.tgNetwork(err instanceof Error ? err.message : String(err)) };
}

export interface MtprotoReader extends SourceReader {
  /** A photo or a video's poster of a message read before (the media fetcher's MTProto counterpart). */
  downloadPhoto(location: Extract<PhotoLocation, { via: 'mtproto' }>): Promise<Buffer>;
}

export function createMtprotoReader(options: MtprotoReaderOptions): MtprotoReader {
  const { client, peers } = options;
  const maxPages = options.maxPages ?? 5;

  /** The channel's kept peer, or resolved now (once) and kept. */
  async function peerOf(name: string): Promise<{ peer: StoredPeer; resolved: boolean }> {
    const kept = await peers.get(name);
    if (kept) return { peer: kept, resolved: false };
    const answer = await client.invoke(new Api.contacts.ResolveUsername({ username: name }));
    const channel = answer.chats.find((c): c is Api.Channel => c instanceof Api.Channel);
    if (!(answer.peer instanceof Api.PeerChannel) || !channel || channel.accessHash === undefined) {
      throw new RPCError('USERNAME_NOT_OCCUPIED', new Api.contacts.ResolveUsername({ username: name }), 400);
    }
    const peer = { channelId: channel.id.toString(), accessHash: channel.accessHash.toString() };
    await peers.set(name, peer);
    return { peer, resolved: true };
  }

  async function read(request: SourceReadRequest): Promise<SourceReadOutcome> {
    let requests = 0;
    const name = telegramChannelName(request.identifier);
    if (!name) return noChannelName(request.identifier);
    let peer: StoredPeer;
    try {
      const found = await peerOf(name);
      if (found.resolved) requests++;
      peer = found.peer;
    } catch (err) {
      return { ok: false, failure: mtprotoFailure(err, name), requests: requests + 1 };
    }

    let channel = { title: null as string | null, username: name as string | null };
    const limit = request.lastSeenId === null ? FIRST_READ_COUNT : PAGE_SIZE;
    const page = async (offsetId: number): Promise<PageOutcome<RawSourceMessage>> => {
      requests++;
      try {
        const answer = await client.invoke(
          new Api.messages.GetHistory({
            peer: inputPeer(peer),
            offsetId,
            limit,
            addOffset: 0,
            maxId: 0,
            minId: 0,
            hash: returnBigInt(0),
          }),
        );
        if (answer instanceof Api.messages.MessagesNotModified)
          return { ok: true, page: { items: [], ids: [], lowest: null, hasOlder: false } };
        const self = answer.chats.find(
          (c): c is Api.Channel => c instanceof Api.Channel && c.id.toString() === peer.channelId,
        );
        if (self && offsetId === 0) channel = { title: self.title, username: publicUsername(self) ?? name };
        const context = { channel: name, chats: answer.chats, users: answer.users };
        const messages = answer.messages
          .map((m) => mtprotoMessage(m, context))
          .filter((m): m is RawSourceMessage => m !== null);
        const ids = messages.map((m) => m.id);
        const lowest = ids.length > 0 ? Math.min(...ids) : null;
        return {
          ok: true,
          page: {
            items: messages,
            ids,
            lowest,
            hasOlder: answer.messages.length >= limit && lowest !== null && lowest > 1,
          },
        };
      } catch (err) {
        if (err instanceof RPCError && err.errorMessage === 'CHANNEL_INVALID') await peers.delete(name);
        return { ok: false, failure: mtprotoFailure(err, name) };
      }
    };

    const paged = await readPagesBack<RawSourceMessage>({
      cursor: request,
      first: () => page(0),
      older: page,
      maxPages,
    });
    if (!paged.ok) return { ok: false, failure: paged.failure, requests };
    return pagedReadSuccess(request, paged, {
      postUrl: (id) => (channel.username ? `https://t.me/${channel.username}/${id}` : null),
      requests,
      channel,
    });
  }

  async function downloadPhoto(location: Extract<PhotoLocation, { via: 'mtproto' }>): Promise<Buffer> {
    const { peer } = await peerOf(location.channel);
    const answer = await client.invoke(
      new Api.channels.GetMessages({
        channel: inputChannel(peer),
        id: [new Api.InputMessageID({ id: location.messageId })],
      }),
    );
    const message = 'messages' in answer ? answer.messages.find((m) => m instanceof Api.Message) : undefined;
    if (!(message instanceof Api.Message) || !message.media)
      throw new Error(`message ${location.messageId} has no media`);
    let thumb: Api.TypePhotoSize | undefined;
    if (
      location.poster &&
      message.media instanceof Api.MessageMediaDocument &&
      message.media.document instanceof Api.Document
    ) {
      const sizes = (message.media.document.thumbs ?? []).filter(
        (s): s is Api.PhotoSize | Api.PhotoSizeProgressive =>
          s instanceof Api.PhotoSize || s instanceof Api.PhotoSizeProgressive,
      );
      thumb = sizes.sort((a, b) => b.w * b.h - a.w * a.h)[0];
      if (!thumb) throw new Error(`message ${location.messageId} has no poster`);
    }
    const bytes = await client.downloadMedia(message.media, thumb ? { thumb } : {});
    if (!Buffer.isBuffer(bytes)) throw new Error(`message ${location.messageId}: nothing downloaded`);
    return bytes;
  }

  return { kind: 'telegram-mtproto', read, downloadPhoto };
}
