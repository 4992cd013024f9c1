import { useCallback, useState } from 'react';
import { flagSchema, storedValue } from '../../store/stored-value';

const storedFlag = (key: string, fallback: boolean) =>
  storedValue(key, flagSchema, { fallback: () => fallback, format: 'text' });

export function readStoredFlag(key: string, fallback: boolean): boolean {
  return storedFlag(key, fallback).read();
}

/** A yes/no kept in localStorage under `key`, so it survives reloads. */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => readStoredFlag(key, fallback));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      storedFlag(key, fallback).write(next);
    },
    [key, fallback],
  );
  return [value, set];
}
