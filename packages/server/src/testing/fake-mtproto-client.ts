import { Api } from 'telegram';
import { RPCMessageToError } from 'telegram/errors/index.js';
import { returnBigInt } from 'telegram/Helpers.js';
import type { MtprotoClient } from '../sources/telegram-mtproto/mtproto-reader';

// A stand-in for GramJS's TelegramClient in the MTProto reader's tests (issue 28): it answers contacts.resolveUsername,
// messages.getHistory and channels.getMessages with the library's own TL objects (Api.contacts.ResolvedPeer,
// Api.messages.ChannelMessages, Api.Message…) the way Telegram's documentation describes them (history newest first,
// offset_id exclusive, deleted messages absent), and raises RPC errors through GramJS's own RPCMessageToError, so a
// queued 'FLOOD_WAIT_3600' arrives as the FloodWaitError the real client would throw. Nothing here reaches Telegram.

export interface FakeMtprotoChannel {
  channel: Api.Channel;
  /** Messages by id; tests add, edit and delete them. */
  messages: Map<number, Api.TypeMessage>;
}

export function fakeMtprotoClient() {
  const channels = new Map<string, FakeMtprotoChannel>();
  const calls: Api.AnyRequest[] = [];
  const errors: { method: string; message: string; code: number }[] = [];
  /** Extra chats and users history answers carry (forward sources). */
  const chats: Api.TypeChat[] = [];
  const users: Api.TypeUser[] = [];
  const downloads: { media: Api.TypeMessageMedia; thumb: unknown }[] = [];

  const byId = (channelId: Api.long) => [...channels.values()].find((c) => c.channel.id.equals(channelId)) ?? null;

  /** Telegram's error for `request`, built by GramJS as the real client builds it. */
  const rpcError = (request: Api.AnyRequest, code: number, message: string): Error =>
    RPCMessageToError(new Api.RpcError({ errorCode: code, errorMessage: message }), request) as Error;

  const fail = (request: Api.AnyRequest) => {
    const index = errors.findIndex((e) => e.method === request.className);
    if (index < 0) return;
    const [error] = errors.splice(index, 1);
    throw rpcError(request, error!.code, error!.message);
  };

  const client: MtprotoClient = {
    invoke<R extends Api.AnyRequest>(request: R): Promise<R['__response']> {
      calls.push(request);
      try {
        fail(request);
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      if (request instanceof Api.contacts.ResolveUsername) {
        const found = channels.get(request.username.toLowerCase());
        if (!found) {
          return Promise.reject(rpcError(request, 400, 'USERNAME_NOT_OCCUPIED'));
        }
        return Promise.resolve(
          new Api.contacts.ResolvedPeer({
            peer: new Api.PeerChannel({ channelId: found.channel.id }),
            chats: [found.channel],
            users: [],
          }) as R['__response'],
        );
      }
      if (request instanceof Api.messages.GetHistory) {
        const peer = request.peer as Api.InputPeerChannel;
        const found = byId(peer.channelId);
        if (!found || !found.channel.accessHash?.equals(peer.accessHash)) {
          return Promise.reject(rpcError(request, 400, 'CHANNEL_INVALID'));
        }
        const all = [...found.messages.values()].sort((a, b) => b.id - a.id);
        const page = all
          .filter((m) => (request.offsetId ? m.id < request.offsetId : true))
          .filter((m) => (request.minId ? m.id > request.minId : true))
          .slice(0, request.limit || 100);
        return Promise.resolve(
          new Api.messages.ChannelMessages({
            pts: 1,
            count: all.length,
            messages: page,
            topics: [],
            chats: [found.channel, ...chats],
            users,
          }) as R['__response'],
        );
      }
      if (request instanceof Api.channels.GetMessages) {
        const input = request.channel as Api.InputChannel;
        const found = byId(input.channelId);
        const ids = (request.id as Api.InputMessageID[]).map((i) => i.id);
        return Promise.resolve(
          new Api.messages.ChannelMessages({
            pts: 1,
            count: ids.length,
            messages: ids.map((id) => found?.messages.get(id) ?? new Api.MessageEmpty({ id })),
            topics: [],
            chats: found ? [found.channel] : [],
            users: [],
          }) as R['__response'],
        );
      }
      return Promise.reject(new Error(`fake MTProto: ${request.className} is not answered`));
    },
    downloadMedia(media, params) {
      const m = media instanceof Api.Message ? media.media! : media;
      downloads.push({ media: m, thumb: params?.thumb });
      return Promise.resolve(Buffer.from(`bytes of ${m.className}`));
    },
  };

  return {
    client,
    calls,
    downloads,
    chats,
    users,
    /** A public channel with this username, its id and access hash. */
    addChannel(username: string, title: string, id: number): FakeMtprotoChannel {
      const entry: FakeMtprotoChannel = {
        channel: new Api.Channel({
          id: returnBigInt(id),
          accessHash: returnBigInt(id * 7919),
          title,
          username,
          broadcast: true,
          photo: new Api.ChatPhotoEmpty(),
          date: 1_790_000_000,
        }),
        messages: new Map(),
      };
      channels.set(username.toLowerCase(), entry);
      return entry;
    },
    /** The next call of `method` (e.g. 'messages.GetHistory') fails with Telegram's error text ('FLOOD_WAIT_3600'). */
    failNext(method: string, message: string, code = 420) {
      errors.push({ method, message, code });
    },
    countOf(method: string) {
      return calls.filter((c) => c.className === method).length;
    },
  };
}
