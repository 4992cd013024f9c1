import type { SourceLink, SourcePhoto, SourcePost } from './source-reader';

// The one place where what a reader saw becomes source posts (issue 28): the web preview's message blocks and
// MTProto's messages both arrive here as RawSourceMessage, so an album, a caption, a forward or an edit means the
// same thing whichever way the channel was read. Telegram sends an album as one message per photo sharing a grouped
// id with the caption on one of them; the web preview already shows it as one block whose photo links name each part.

export interface RawSourceMessage {
  id: number;
  /** Ids of further parts this message stands for (the web preview's album block names each photo's message). */
  partIds?: readonly number[];
  date: Date;
  text: string;
  links: readonly SourceLink[];
  photos: readonly SourcePhoto[];
  /** Album key: messages sharing it are one post. */
  groupedId: string | null;
  forwardedFrom: { name: string; url: string | null } | null;
  edited: boolean;
  editedAt: Date | null;
  /** Service messages (channel created, photo changed, a message pinned) are never posts. */
  service: boolean;
}

export interface BuildPostsOptions {
  /** The post's public address from its first message id; null where the channel has no public name. */
  postUrl: (id: number) => string | null;
}

function latest(dates: (Date | null)[]): Date | null {
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

function merge(parts: RawSourceMessage[], options: BuildPostsOptions): SourcePost {
  const sorted = [...parts].sort((a, b) => a.id - b.id);
  const first = sorted[0]!;
  // The caption is the part that has text (Telegram puts it on one part; which one depends on the sending client).
  const captioned = sorted.find((part) => part.text.trim() !== '') ?? first;
  const ids = new Set(sorted.flatMap((part) => [part.id, ...(part.partIds ?? [])]));
  return {
    id: first.id,
    messageIds: [...ids].sort((a, b) => a - b),
    date: first.date,
    text: captioned.text,
    links: [...captioned.links],
    photos: sorted.flatMap((part) => part.photos),
    forwardedFrom: sorted.find((part) => part.forwardedFrom)?.forwardedFrom ?? null,
    edited: sorted.some((part) => part.edited),
    editedAt: latest(sorted.map((part) => part.editedAt)),
    url: options.postUrl(first.id),
  };
}

/** Groups messages into posts (one per album), drops service messages, and returns them oldest first. */
export function buildSourcePosts(messages: readonly RawSourceMessage[], options: BuildPostsOptions): SourcePost[] {
  const groups = new Map<string, RawSourceMessage[]>();
  for (const message of messages) {
    if (message.service) continue;
    const key = message.groupedId === null ? `id:${message.id}` : `group:${message.groupedId}`;
    const group = groups.get(key);
    if (group) group.push(message);
    else groups.set(key, [message]);
  }
  return [...groups.values()].map((parts) => merge(parts, options)).sort((a, b) => a.id - b.id);
}

/** Every message id the messages stand for, service messages and album parts included (what a read has seen). */
export function seenMessageIds(messages: readonly RawSourceMessage[]): number[] {
  return messages.flatMap((message) => [message.id, ...(message.partIds ?? [])]);
}
