import { useCallback, useState } from 'react';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

export function readStoredFlag(key: string, fallback: boolean): boolean {
  const stored = storage()?.getItem(key);
  return stored === 'true' ? true : stored === 'false' ? false : fallback;
}

/** A yes/no kept in localStorage under `key`, so it survives reloads. */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => readStoredFlag(key, fallback));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        storage()?.setItem(key, String(next));
      } catch {
        // full or blocked storage: the flag still works for this visit
      }
    },
    [key],
  );
  return [value, set];
}
