import { Avatar, LargeTitle, Text, Title } from '@telegram-apps/telegram-ui';
import type { User } from '@autoradar/contract';
import { AppLogo } from '../../../components/app-logo';
import { LinkButton } from '../../../components/link-button';
import { usePlatform } from '../../../platform';
import { useSession } from '../../../session/hooks';
import { displayName } from '../../../session/user-display';
import { LANDING_ROTATION_MS } from '../constants';
import { useRotation } from '../hooks/rotation';
import { landingMessages } from '../messages';
import { PATHS } from '../../../paths';

const t = landingMessages;

/** Who is signed in (the landing reached from inside the app). */
function SignedInAs({ user }: { user: User }) {
  const name = displayName(user) ?? t.account;
  return (
    <div className="landing-hero__user">
      {user.photo_url ? (
        <Avatar size={40} src={user.photo_url} alt={t.avatarAlt(name)} />
      ) : (
        <Avatar size={40} acronym={name.replace(/^@/, '').slice(0, 1).toUpperCase()} />
      )}
      <Text Component="p" className="landing-hero__user-text">
        {t.signedInAs} <b>{name}</b>
      </Text>
    </div>
  );
}

export function Hero({ appName }: { appName: string }) {
  const platform = usePlatform();
  const { token, user } = useSession();
  const [current] = useRotation(t.slogans.length, LANDING_ROTATION_MS);
  const tap = () => platform.hapticImpact?.('light');

  return (
    <header className="landing-hero">
      <AppLogo className="landing-hero__logo" />
      <LargeTitle Component="h1" weight="1" className="landing-hero__name">
        {appName}
      </LargeTitle>
      {/* Only the current slogan is exposed to screen readers; the rest stay stacked for a steady height. */}
      <div className="landing-rotator landing-hero__slogans">
        {t.slogans.map((slogan, i) => (
          <Title key={slogan} Component="p" level="2" weight="2" aria-hidden={i !== current}>
            {slogan}
          </Title>
        ))}
      </div>
      <Text Component="p" className="landing-hero__stat">
        {t.stat}
      </Text>
      {user ? <SignedInAs user={user} /> : null}
      <div className="landing-hero__actions">
        {token ? (
          <LinkButton to={PATHS.search} size="l" stretched onClick={tap}>
            {t.toSearch}
          </LinkButton>
        ) : (
          <>
            <LinkButton to={PATHS.search} size="l" stretched onClick={tap}>
              {t.startSearch}
            </LinkButton>
            <LinkButton to={PATHS.search} size="l" mode="bezeled" stretched onClick={tap}>
              {t.signIn}
            </LinkButton>
          </>
        )}
      </div>
    </header>
  );
}
