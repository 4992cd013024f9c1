import { TOKEN_STORAGE_KEY } from '@autoradar/contract/early-calls';
import { storedText } from '../store/stored-value';

// The bearer token of the signed-in user, kept across reloads; every authorised call reads it from here.
const token = storedText(TOKEN_STORAGE_KEY);

export function readStoredToken(): string | undefined {
  return token.read();
}

export function storeToken(value: string): void {
  token.write(value);
  notifyTokenChange();
}

export function clearStoredToken(): void {
  token.remove();
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
