import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Button } from '@telegram-apps/telegram-ui';
import type { User } from '@autoradar/contract';
import { isProActive, MESSAGES } from '@autoradar/core';
import { ApiError } from '../../../api/api-error';
import { actionStatus, useAction } from '../../../api/use-action';
import { CallLoading } from '../../../api/call-view';
import { useCall } from '../../../api/use-call';
import { Alert } from '../../../components/alert';
import { LinkButton } from '../../../components/link-button';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { useLogout, useSession } from '../../../session/hooks';
import { signingOutAtom } from '../../../session/state';
import { displayName } from '../../../session/user-display';
import { loadUserAtom } from '../../../session/state';
import { logoutEverywhere } from '../api';
import { MyPostsView } from '../components/my-posts';
import { PriceAlertsSwitch } from '../components/price-alerts-switch';
import { UserAvatar } from '../components/user-avatar';
import { profileMessages as t } from '../messages';
import { myPostsAtom } from '../state';
import { formatUntil } from '../user-display';
import { PATHS } from '../../../paths';
import { Badge } from '../../../components/badge/badge';
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
          <Badge tone="pro">PRO</Badge>
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

/** Why signing out everywhere failed: the connection hint without an answer, else the server's error (spec §8). */
const describeLogoutError = (failure: unknown) =>
  failure instanceof ApiError && failure.isNetworkError
    ? MESSAGES.connectionProblem
    : MESSAGES.genericError(failure instanceof Error ? failure.message : String(failure));

function Account() {
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const setSigningOut = useSetAtom(signingOutAtom);
  const everywhere = useAction(async () => {
    // From here a 401 of any call in flight leads home, as the sign-out does (session/state.ts).
    setSigningOut(true);
    try {
      await logoutEverywhere();
    } catch (failure) {
      // A 401 means the token is revoked already: the logout below finishes what was asked.
      if (!(failure instanceof ApiError) || failure.status !== 401) {
        setSigningOut(false);
        throw failure;
      }
    }
    // Every token is revoked already: the logout only forgets this one, without asking the server again.
    await logout({ revoked: true });
  }, describeLogoutError);
  const { pending: leavingEverywhere, error } = actionStatus(everywhere.state);
  const busy = leaving || leavingEverywhere;

  return (
    <section className="profile-card profile-account" aria-labelledby="profile-account-title">
      <h2 className="profile-card__title" id="profile-account-title">
        {t.account}
      </h2>
      <Button
        size="m"
        mode="bezeled"
        stretched
        loading={leaving}
        disabled={busy}
        onClick={() => {
          setLeaving(true);
          void logout();
        }}
      >
        {t.logout}
      </Button>
      {confirming ? (
        <div className="profile-confirm" role="group" aria-label={t.logoutAll}>
          <p className="profile-card__note">{t.logoutAllConfirm}</p>
          <div className="profile-confirm__buttons">
            <Button size="m" mode="plain" disabled={busy} onClick={() => setConfirming(false)}>
              {t.cancel}
            </Button>
            <Button
              size="m"
              mode="filled"
              className="profile-danger"
              loading={leavingEverywhere}
              disabled={busy}
              onClick={() => void everywhere.start()}
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
      <Alert message={error} />
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
      <PriceAlertsSwitch />
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
