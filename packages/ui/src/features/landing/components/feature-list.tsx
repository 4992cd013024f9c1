import type { ReactNode } from 'react';
import { Section, Text, Title } from '@telegram-apps/telegram-ui';
import { landingMessages } from '../messages';
import { BoltIcon, RubleIcon, ShieldCheckIcon } from './icons';

const t = landingMessages;

const icons: Record<(typeof t.features)[number]['id'], ReactNode> = {
  exclusive: <ShieldCheckIcon />,
  first: <BoltIcon />,
  profitable: <RubleIcon />,
};

export function FeatureList() {
  return (
    <section aria-labelledby="landing-features-title">
      <Title id="landing-features-title" Component="h2" level="3" weight="2" className="landing-section-title">
        {t.featuresTitle}
      </Title>
      <Section className="landing-card">
        {t.features.map((feature) => (
          <div key={feature.id} className="landing-feature">
            <span className={`landing-icon landing-icon--${feature.id}`}>{icons[feature.id]}</span>
            <div>
              <Title Component="h3" level="3" weight="2" className="landing-feature__title">
                {feature.title}
              </Title>
              <Text Component="p" className="landing-feature__text">
                {feature.text}
              </Text>
            </div>
          </div>
        ))}
      </Section>
    </section>
  );
}
