import { useState } from 'react';

/**
 * A dialog's draft (spec §4): it starts from the applied value each time the dialog opens, so closing without Apply
 * discards whatever was changed.
 */
export function useDraft<T>(applied: T, open: boolean): [T, (next: T) => void] {
  const [draft, setDraft] = useState(applied);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(applied);
  }
  return [draft, setDraft];
}
