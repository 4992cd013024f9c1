import { LargeTitle, Text, Title } from '@telegram-apps/telegram-ui';
import { LinkButton } from '../../../components/link-button';
import { messages } from '../../../messages';
import { usePlatform } from '../../../platform';
import { LANDING_ROTATION_MS } from '../constants';
import { useRotation } from '../hooks/rotation';
import { RadarLogo } from './icons';

const t = messages.landing;

export function Hero({ appName }: { appName: string }) {
  const platform = usePlatform();
  const [current] = useRotation(t.slogans.length, LANDING_ROTATION_MS);
  const tap = () => platform.hapticImpact?.('light');

  return (
    <header className="landing-hero">
      <RadarLogo className="landing-hero__logo" />
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
      <div className="landing-hero__actions">
        <LinkButton to="/search" size="l" stretched onClick={tap}>
          {t.startSearch}
        </LinkButton>
        <LinkButton to="/search" size="l" mode="bezeled" stretched onClick={tap}>
          {t.signIn}
        </LinkButton>
      </div>
    </header>
  );
}
