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
}

export function clearStoredToken(): void {
  storage()?.removeItem(TOKEN_KEY);
}
