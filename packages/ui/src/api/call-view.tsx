import type { ReactNode } from 'react';
import { Button, Placeholder, Spinner } from '@telegram-apps/telegram-ui';
import { MESSAGES } from '@autoradar/core';
import { statusClass, type StatusLook } from '../components/status/status';
import type { CallState } from './atom-with-call';

// The states every loading screen shows (docs/decisions.md, "One loading state"), drawn once: a spinner with its
// label while loading, the connection hint or the failure's message with a retry, the empty text, the data.

export interface CallLookProps {
  /** Where the state stands (components/status): a whole screen, a part of one, or a line in a list or dialog. */
  look: StatusLook;
  /** A class of the screen's own besides (its colours, its corners). */
  className?: string;
  /** The kit's size of the spinner and the retry button: a whole screen 'l', a part of one 'm'. */
  size?: 'm' | 'l';
}

/** Loading: a spinner with a label that screen readers announce. */
export function CallLoading({ look, className, size = 'l', label }: CallLookProps & { label: string }) {
  return (
    <div className={statusClass(look, className)} role="status" aria-live="polite">
      <Spinner size={size} />
      <span className="status__label">{label}</span>
    </div>
  );
}

/** What a call that did not succeed says: the connection hint without an answer, else the failure's own text. */
export function failureText(state: { kind: 'offline' } | { kind: 'failed'; message: string }): string {
  return state.kind === 'offline' ? MESSAGES.connectionProblem : state.message;
}

/** No answer, or a failed one: what happened, and a retry. */
export function CallFailure({
  look,
  className,
  size = 'l',
  message,
  retry,
  retryLabel,
}: CallLookProps & { message: string; retry: () => void; retryLabel: string }) {
  return (
    <Placeholder
      className={statusClass(look, className)}
      header={message}
      action={
        <Button size={size} onClick={retry}>
          {retryLabel}
        </Button>
      }
    />
  );
}

export interface CallViewProps<T> extends CallLookProps {
  state: CallState<T>;
  retry: () => void;
  loadingLabel: string;
  retryLabel: string;
  /** What an empty answer shows; without it an empty answer renders like a loaded one. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** One call's five states: loading, offline and failed (with a retry), empty, and the data. */
export function CallView<T>({ state, retry, loadingLabel, retryLabel, empty, children, ...look }: CallViewProps<T>) {
  switch (state.kind) {
    case 'loading':
      return <CallLoading {...look} label={loadingLabel} />;
    case 'offline':
    case 'failed':
      return <CallFailure {...look} message={failureText(state)} retry={retry} retryLabel={retryLabel} />;
    case 'empty':
      return empty === undefined ? children(state.data) : empty;
    case 'loaded':
      return children(state.data);
  }
}
