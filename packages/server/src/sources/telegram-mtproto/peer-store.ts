// Where the MTProto reader keeps each channel's peer (its id and access hash) once resolved (issue 28): Telegram allows
// few contacts.resolveUsername calls a day and answers more with a FLOOD_WAIT of hours, so a username is resolved once
// and its peer read from here ever after. Phase 2 keeps it in a column of `sources`; tests use the in-memory store.

export interface StoredPeer {
  /** The channel's id and access hash, as decimal strings (64-bit). */
  channelId: string;
  accessHash: string;
}

export interface PeerStore {
  get(username: string): Promise<StoredPeer | null>;
  set(username: string, peer: StoredPeer): Promise<void>;
  /** The peer no longer works (CHANNEL_INVALID): it is resolved again next time. */
  delete(username: string): Promise<void>;
}

export function createMemoryPeerStore(initial: Record<string, StoredPeer> = {}): PeerStore {
  const peers = new Map(Object.entries(initial));
  return {
    get: (username) => Promise.resolve(peers.get(username) ?? null),
    set: (username, peer) => Promise.resolve(void peers.set(username, peer)),
    delete: (username) => Promise.resolve(void peers.delete(username)),
  };
}
