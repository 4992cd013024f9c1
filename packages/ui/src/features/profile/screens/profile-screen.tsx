import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Button } from '@telegram-apps/telegram-ui';
import type { User } from '@autoradar/contract';
import { isProActive, MESSAGES } from '@autoradar/core';
import { ApiError } from '../../../api/api-error';
import { clearStoredToken } from '../../../api/token-storage';
import { CallLoading } from '../../../api/call-view';
import { useCall } from '../../../api/use-call';
import { LinkButton } from '../../../components/link-button';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { useLogout, useSession } from '../../../session/hooks';
import { displayName } from '../../../session/user-display';
import { loadUserAtom } from '../../../session/state';
import { logoutEverywhere } from '../api';
import { MyPostsView } from '../components/my-posts';
import { UserAvatar } from '../components/user-avatar';
import { profileMessages as t } from '../messages';
import { myPostsAtom } from '../state';
import { formatUntil } from '../user-display';
import { PATHS } from '../../../paths';
import '../profile.css';

function Tariff({ user, now }: { user: User; now: Date }) {
  const pro = isProActive(user, now);
  return (
    <section className="profile-card profile-tariff" aria-labelledby="profile-tariff-title">
      <h2 className="profile-card__title" id="profile-tariff-title">
        {t.tariff}
      </h2>
      {pro && user.pro_expired ? (
        <p className="profile-tariff__state">
          <span className="profile-pro-badge">PRO</span>
          <span>
            {t.proActive} {t.proUntil(formatUntil(user.pro_expired))}
          </span>
        </p>
      ) : (
        <>
          <p className="profile-tariff__state">{t.basic}</p>
          <p className="profile-card__note">{t.basicNote}</p>
        </>
      )}
      <LinkButton to={PATHS.pay} size="m" mode={pro ? 'bezeled' : 'filled'} stretched>
        {pro ? t.extendPro : t.getPro}
      </LinkButton>
    </section>
  );
}

function Account() {
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'one' | 'all' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const logoutAll = async () => {
    setBusy('all');
    setError(null);
    try {
      await logoutEverywhere();
    } catch (failure) {
      setBusy(null);
      if (!(failure instanceof ApiError) || failure.status !== 401) {
        setError(
          failure instanceof ApiError && failure.isNetworkError
            ? MESSAGES.connectionProblem
            : MESSAGES.genericError((failure as Error).message),
        );
        return;
      }
    }
    // Every token is revoked already: forget this one first, so the logout does not ask the server again.
    clearStoredToken();
    await logout();
  };

  return (
    <section className="profile-card profile-account" aria-labelledby="profile-account-title">
      <h2 className="profile-card__title" id="profile-account-title">
        {t.account}
      </h2>
      <Button
        size="m"
        mode="bezeled"
        stretched
        loading={busy === 'one'}
        disabled={busy !== null}
        onClick={() => {
          setBusy('one');
          void logout();
        }}
      >
        {t.logout}
      </Button>
      {confirming ? (
        <div className="profile-confirm" role="group" aria-label={t.logoutAll}>
          <p className="profile-card__note">{t.logoutAllConfirm}</p>
          <div className="profile-confirm__buttons">
            <Button size="m" mode="plain" disabled={busy !== null} onClick={() => setConfirming(false)}>
              {t.cancel}
            </Button>
            <Button
              size="m"
              mode="filled"
              className="profile-danger"
              loading={busy === 'all'}
              disabled={busy !== null}
              onClick={() => void logoutAll()}
            >
              {t.logoutAllYes}
            </Button>
          </div>
        </div>
      ) : (
        <Button size="m" mode="plain" stretched className="profile-danger-text" onClick={() => setConfirming(true)}>
          {t.logoutAll}
        </Button>
      )}
      {error ? (
        <p className="profile-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export interface ProfileViewProps {
  user: User;
  now: Date;
}

/** The profile (spec §2): avatar, name, e-mail, the tariff, the user's listings and signing out. */
export function ProfileView({ user, now }: ProfileViewProps) {
  const posts = useCall(myPostsAtom);
  const name = displayName(user) ?? t.noName;
  return (
    <>
      <header className="profile-header">
        <UserAvatar user={user} />
        <div className="profile-header__text">
          <h1 className="profile-header__name">{name}</h1>
          {user.username && !name.startsWith('@') ? (
            <p className="profile-header__line">
              <span className="visually-hidden">{t.telegramLabel}: </span>@{user.username}
            </p>
          ) : null}
          <p className={user.email ? 'profile-header__line' : 'profile-header__line profile-header__line--hint'}>
            <span className="visually-hidden">{t.emailLabel}: </span>
            {user.email ?? t.noEmail}
          </p>
        </div>
      </header>
      <Tariff user={user} now={now} />
      <MyPostsView state={posts.state} retry={posts.retry} />
      <Account />
    </>
  );
}

/** /profile (signed in). The user is read again on entry, so a PRO just paid for shows at once. */
export function ProfileScreen() {
  const { user } = useSession();
  const reloadUser = useSetAtom(loadUserAtom);
  useDocumentTitle(t.documentTitle(readAppName()));
  useEffect(() => {
    reloadUser().catch(() => undefined); // the session keeps the user it has; a 401 has signed out already
  }, [reloadUser]);
  const [now] = useState(() => new Date());

  return (
    <main className="profile-page">
      {user ? <ProfileView user={user} now={now} /> : <CallLoading look="screen" label={t.loading} />}
    </main>
  );
}
