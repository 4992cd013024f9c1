// Telegram channel posts to ingestion input (issue 15): Telegram delivers an album as one channel_post per photo with a
// shared media_group_id and the caption on one of them, so posts are collected per album until none has arrived for a
// short while, then handed on as one post (first message id, the caption, every photo's largest size in order).

export interface TgPhotoSize {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
}

export interface TgChannelPost {
  message_id: number;
  chat: { id: number; type: string; username?: string; title?: string };
  date: number;
  text?: string;
  caption?: string;
  media_group_id?: string;
  photo?: TgPhotoSize[];
}

export interface ChannelPostBatch {
  chat: TgChannelPost['chat'];
  /** The album's first message id: the listing's message_id and its link. */
  messageId: number;
  messageIds: number[];
  text: string;
  /** file_id of the largest size of each photo, in message order. */
  photoFileIds: string[];
  url: string | null;
}

/** The public link of a channel post (t.me/<username>/<id>); private channels have none. */
export function telegramPostUrl(chat: TgChannelPost['chat'], messageId: number): string | null {
  return chat.username ? `https://t.me/${chat.username}/${messageId}` : null;
}

function largest(sizes: TgPhotoSize[] | undefined): string | null {
  if (!sizes || sizes.length === 0) return null;
  return [...sizes].sort((a, b) => b.width * b.height - a.width * a.height)[0]!.file_id;
}

function toBatch(posts: TgChannelPost[]): ChannelPostBatch {
  const sorted = [...posts].sort((a, b) => a.message_id - b.message_id);
  const first = sorted[0]!;
  return {
    chat: first.chat,
    messageId: first.message_id,
    messageIds: sorted.map((post) => post.message_id),
    text: sorted.map((post) => post.caption ?? post.text ?? '').find((text) => text.trim() !== '') ?? '',
    photoFileIds: sorted.map((post) => largest(post.photo)).filter((id): id is string => id !== null),
    url: telegramPostUrl(first.chat, first.message_id),
  };
}

export interface AlbumCollectorOptions {
  /** Quiet time after an album's last part before it is handed on. */
  waitMs?: number;
  onBatch: (batch: ChannelPostBatch) => void | Promise<void>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function createAlbumCollector(options: AlbumCollectorOptions) {
  const waitMs = options.waitMs ?? 1500;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const albums = new Map<string, { posts: TgChannelPost[]; timer: unknown }>();

  const flush = (key: string) => {
    const album = albums.get(key);
    if (!album) return;
    albums.delete(key);
    void options.onBatch(toBatch(album.posts));
  };

  return {
    add(post: TgChannelPost) {
      if (!post.media_group_id) {
        void options.onBatch(toBatch([post]));
        return;
      }
      const key = `${post.chat.id}:${post.media_group_id}`;
      const album = albums.get(key) ?? { posts: [], timer: null };
      if (album.timer !== null) clearTimer(album.timer);
      album.posts.push(post);
      album.timer = setTimer(() => flush(key), waitMs);
      albums.set(key, album);
    },
    /** Hand on every album still collecting (at shutdown). */
    flushAll() {
      for (const key of [...albums.keys()]) {
        const album = albums.get(key);
        if (album?.timer) clearTimer(album.timer);
        flush(key);
      }
    },
  };
}
