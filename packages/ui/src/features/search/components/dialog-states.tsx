import { Spinner } from '@telegram-apps/telegram-ui';
import type { CallState } from '../../../api/atom-with-call';
import { CallFailure, failureText } from '../../../api/call-view';
import { statusClass } from '../../../components/status/status';
import { searchMessages as t } from '../messages';

/** Loading, offline and failed states inside a dialog; null once there is data. */
export function DialogLoadState({ state, retry }: { state: CallState<unknown>; retry: () => void }) {
  if (state.kind === 'loading')
    return (
      <div className={statusClass('inline')} role="status">
        <Spinner size="m" />
      </div>
    );
  if (state.kind === 'offline' || state.kind === 'failed')
    return <CallFailure look="inline" size="m" message={failureText(state)} retry={retry} retryLabel={t.retry} />;
  return null;
}

export function DialogEmpty({ text }: { text: string }) {
  return (
    <p className={statusClass('inline', 'status__label')} role="status">
      {text}
    </p>
  );
}
