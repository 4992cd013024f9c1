import { Button, Placeholder, Spinner } from '@telegram-apps/telegram-ui';
import { MESSAGES } from '@autoradar/core';
import type { CallState } from '../../../api/atom-with-call';
import { searchMessages as t } from '../messages';

/** Loading, offline and failed states inside a dialog; null once there is data. */
export function DialogLoadState({ state, retry }: { state: CallState<unknown>; retry: () => void }) {
  if (state.kind === 'loading')
    return (
      <div className="dialog-state" role="status">
        <Spinner size="m" />
      </div>
    );
  if (state.kind === 'offline' || state.kind === 'failed')
    return (
      <Placeholder
        className="dialog-state"
        header={state.kind === 'offline' ? MESSAGES.connectionProblem : state.message}
        action={
          <Button type="button" size="m" onClick={retry}>
            {t.retry}
          </Button>
        }
      />
    );
  return null;
}

export function DialogEmpty({ text }: { text: string }) {
  return (
    <p className="dialog-empty" role="status">
      {text}
    </p>
  );
}
