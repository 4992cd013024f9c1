import { Avatar, Button, Placeholder, Spinner, Text } from '@telegram-apps/telegram-ui';
import type { InitDataUser } from '../init-data-user';
import type { MiniAppSignInState } from '../hooks/miniapp-sign-in';
import { loginMessages as t } from '../messages';

export interface MiniAppSignInViewProps {
  state: MiniAppSignInState;
  user: InitDataUser | undefined;
  login: () => void;
  retry: () => void;
}

/** Each state of spec §4's mini-app sign-in, rendered on its own (kept apart from the requests for tests). */
export function MiniAppSignInView({ state, user, login, retry }: MiniAppSignInViewProps) {
  switch (state.kind) {
    case 'loading':
      return (
        <div className="login-state" role="status" aria-live="polite">
          <Spinner size="l" />
          <Text>{t.checking}</Text>
        </div>
      );
    case 'info':
      return (
        <div className="login-info">
          {user?.photoUrl ? (
            <Avatar size={96} src={user.photoUrl} alt={t.avatarAlt(user.name)} />
          ) : (
            <Avatar size={96} acronym={user?.name.slice(0, 1) ?? '?'} />
          )}
          {user?.name ? <h2 className="login-info__name">{user.name}</h2> : null}
          {user?.username ? <Text className="login-info__username">@{user.username}</Text> : null}
          <Text className="login-info__note">{t.newAccount}</Text>
          <Button size="l" stretched loading={state.signingIn} disabled={state.signingIn} onClick={login}>
            {t.signIn}
          </Button>
        </div>
      );
    case 'success':
      return <Placeholder className="login-state" header={t.success} description={t.successNote} />;
    case 'error':
      return (
        <Placeholder
          className="login-state"
          header={<span role="alert">{state.message}</span>}
          action={
            <Button size="l" onClick={retry}>
              {t.retry}
            </Button>
          }
        />
      );
  }
}
