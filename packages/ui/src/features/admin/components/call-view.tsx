import type { ReactNode } from 'react';
import { Button, Placeholder, Spinner } from '@telegram-apps/telegram-ui';
import { MESSAGES } from '@autoradar/core';
import type { CallState } from '../../../api/atom-with-call';
import { adminMessages as t } from '../messages';

export interface CallViewProps<T> {
  state: CallState<T>;
  retry: () => void;
  /** The empty state's text; without it an empty answer renders like a loaded one. */
  empty?: string;
  children: (data: T) => ReactNode;
}

/** A retry for failed and offline states, and the state's text. */
export function CallFailure({ message, retry }: { message: string; retry: () => void }) {
  return (
    <Placeholder
      className="admin-state"
      header={message}
      action={
        <Button size="m" onClick={retry}>
          {t.retry}
        </Button>
      }
    />
  );
}

/** Loading, empty, failed and offline states of one call (ui-rules: every screen shows all four). */
export function CallView<T>({ state, retry, empty, children }: CallViewProps<T>) {
  switch (state.kind) {
    case 'loading':
      return (
        <div className="admin-state" role="status" aria-live="polite">
          <Spinner size="m" />
          <span className="admin-state__label">{t.loading}</span>
        </div>
      );
    case 'offline':
      return <CallFailure message={MESSAGES.connectionProblem} retry={retry} />;
    case 'failed':
      return <CallFailure message={state.message} retry={retry} />;
    case 'empty':
      return empty === undefined ? children(state.data) : <Placeholder className="admin-state" header={empty} />;
    case 'loaded':
      return children(state.data);
  }
}
