import { Api } from 'telegram';
import type { RawSourceMessage } from '../build-source-posts';
import type { SourceLink, SourcePhoto } from '../source-reader';

// GramJS's message objects as the shared normaliser takes them (issue 28): the same RawSourceMessage the web preview's
// blocks become, so an album (one message per part, one grouped id), a caption, a forward and an edit are built into
// posts by the same code. Links come from the text's entities (offsets are UTF-16 units, as JavaScript strings are).

/** The channels and users a history answer carries, for naming where a post was forwarded from. */
export interface MessageContext {
  /** The channel's username, for the photo locations and links. */
  channel: string;
  chats: readonly Api.TypeChat[];
  users: readonly Api.TypeUser[];
}

/** The public username of a channel or user (the first active one of several). */
export function publicUsername(entity: { username?: string; usernames?: Api.TypeUsername[] }): string | null {
  return entity.username ?? entity.usernames?.find((u) => u.active)?.username ?? null;
}

function linksOf(text: string, entities: readonly Api.TypeMessageEntity[] | undefined): SourceLink[] {
  const links: SourceLink[] = [];
  for (const entity of entities ?? []) {
    const shown = text.slice(entity.offset, entity.offset + entity.length);
    if (entity instanceof Api.MessageEntityTextUrl) links.push({ text: shown, url: entity.url });
    else if (entity instanceof Api.MessageEntityUrl) {
      links.push({ text: shown, url: /^[a-z]+:\/\//i.test(shown) ? shown : `https://${shown}` });
    } else if (entity instanceof Api.MessageEntityMention) {
      links.push({ text: shown, url: `https://t.me/${shown.replace(/^@/, '')}` });
    }
  }
  return links;
}

function photosOf(message: Api.Message, channel: string): SourcePhoto[] {
  const media = message.media;
  if (media instanceof Api.MessageMediaPhoto && media.photo instanceof Api.Photo) {
    return [{ kind: 'photo', location: { via: 'mtproto', channel, messageId: message.id, poster: false } }];
  }
  if (media instanceof Api.MessageMediaDocument && media.document instanceof Api.Document) {
    const document = media.document;
    const isVideo =
      document.mimeType.startsWith('video/') ||
      document.attributes.some((a) => a instanceof Api.DocumentAttributeVideo);
    if (isVideo && (document.thumbs?.length ?? 0) > 0) {
      return [{ kind: 'video-poster', location: { via: 'mtproto', channel, messageId: message.id, poster: true } }];
    }
  }
  return [];
}

function forwardOf(message: Api.Message, context: MessageContext): RawSourceMessage['forwardedFrom'] {
  const header = message.fwdFrom;
  if (!header) return null;
  const from = header.fromId;
  if (from instanceof Api.PeerChannel) {
    const chat = context.chats.find((c) => c instanceof Api.Channel && c.id.equals(from.channelId));
    const username = chat instanceof Api.Channel ? publicUsername(chat) : null;
    const name = chat instanceof Api.Channel ? chat.title : (header.fromName ?? '');
    const url = username ? `https://t.me/${username}${header.channelPost ? `/${header.channelPost}` : ''}` : null;
    return { name, url };
  }
  if (from instanceof Api.PeerUser) {
    const user = context.users.find((u) => u instanceof Api.User && u.id.equals(from.userId));
    if (user instanceof Api.User) {
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
      const username = publicUsername(user);
      return { name, url: username ? `https://t.me/${username}` : null };
    }
  }
  // A sender who hides their account: only the name is known.
  return { name: header.fromName ?? '', url: null };
}

/** One GramJS message as the normaliser takes it; null for an empty slot (a deleted message). */
export function mtprotoMessage(message: Api.TypeMessage, context: MessageContext): RawSourceMessage | null {
  if (message instanceof Api.MessageEmpty) return null;
  if (message instanceof Api.MessageService) {
    return {
      id: message.id,
      date: new Date(message.date * 1000),
      text: '',
      links: [],
      photos: [],
      groupedId: null,
      forwardedFrom: null,
      edited: false,
      editedAt: null,
      service: true,
    };
  }
  const text = message.message ?? '';
  const editedAt = message.editDate ? new Date(message.editDate * 1000) : null;
  return {
    id: message.id,
    date: new Date(message.date * 1000),
    text,
    links: linksOf(text, message.entities),
    photos: photosOf(message, context.channel),
    groupedId: message.groupedId ? message.groupedId.toString() : null,
    forwardedFrom: forwardOf(message, context),
    // editHide: an edit Telegram itself does not mark (a reaction or a bot's inline edit).
    edited: editedAt !== null && !message.editHide,
    editedAt: message.editHide ? null : editedAt,
    service: false,
  };
}
