import { CallView, type CallViewProps } from '../../../api/call-view';
import { StatusMessage } from '../../../components/status/status';
import { adminMessages as t } from '../messages';

export interface AdminCallViewProps<T> extends Omit<
  CallViewProps<T>,
  'look' | 'className' | 'size' | 'loadingLabel' | 'retryLabel' | 'empty'
> {
  /** The empty state's text; without it an empty answer renders like a loaded one. */
  empty?: string;
}

/** The shared five states of a call (api/call-view.tsx) as a part of an admin screen, in the admin's words. */
export function AdminCallView<T>({ empty, ...props }: AdminCallViewProps<T>) {
  return (
    <CallView
      {...props}
      look="section"
      size="m"
      loadingLabel={t.loading}
      retryLabel={t.retry}
      empty={empty === undefined ? undefined : <StatusMessage look="section" header={empty} />}
    />
  );
}
