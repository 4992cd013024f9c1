// The bearer token of the signed-in user, kept across reloads; every authorised call reads it from here.
const TOKEN_KEY = 'autoradar:token';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

export function readStoredToken(): string | undefined {
  return storage()?.getItem(TOKEN_KEY) ?? undefined;
}

export function storeToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  notifyTokenChange();
}

export function clearStoredToken(): void {
  storage()?.removeItem(TOKEN_KEY);
  notifyTokenChange();
}

// The session follows the stored token: the client clears it on a 401 without knowing about any UI state.
const listeners = new Set<() => void>();

/** Calls `listener` after every store or clear; returns the function that removes it. */
export function subscribeToStoredToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notifyTokenChange(): void {
  for (const listener of listeners) listener();
}
