import { Placeholder } from '@telegram-apps/telegram-ui';
import { CallView as SharedCallView, type CallViewProps as SharedCallViewProps } from '../../../api/call-view';
import { adminMessages as t } from '../messages';

export interface CallViewProps<T> extends Omit<
  SharedCallViewProps<T>,
  'className' | 'size' | 'loadingLabel' | 'retryLabel' | 'empty'
> {
  /** The empty state's text; without it an empty answer renders like a loaded one. */
  empty?: string;
}

/** The shared five states of a call (api/call-view.tsx) in the admin screens' look and words. */
export function CallView<T>({ empty, ...props }: CallViewProps<T>) {
  return (
    <SharedCallView
      {...props}
      className="admin-state"
      size="m"
      loadingLabel={t.loading}
      retryLabel={t.retry}
      empty={empty === undefined ? undefined : <Placeholder className="admin-state" header={empty} />}
    />
  );
}
