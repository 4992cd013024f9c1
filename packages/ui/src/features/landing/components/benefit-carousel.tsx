import { useState } from 'react';
import { Section, Text, Title } from '@telegram-apps/telegram-ui';
import { landingMessages } from '../messages';
import { LANDING_ROTATION_MS } from '../constants';
import { useRotation } from '../hooks/rotation';

const t = landingMessages;

/** Benefits that rotate on their own; hovering or focusing the carousel pauses it (WCAG 2.2.2). */
export function BenefitCarousel() {
  const [paused, setPaused] = useState(false);
  const [current, select] = useRotation(t.benefits.length, LANDING_ROTATION_MS, paused);
  const total = t.benefits.length;

  return (
    <section
      aria-labelledby="landing-benefits-title"
      aria-roledescription={t.carousel.roleDescription}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setPaused(false);
      }}
    >
      <Title id="landing-benefits-title" Component="h2" level="3" weight="2" className="landing-section-title">
        {t.benefitsTitle}
      </Title>
      <Section className="landing-card">
        <div className="landing-carousel">
          <div className="landing-rotator">
            {t.benefits.map((benefit, i) => (
              <div
                key={benefit.title}
                role="group"
                aria-roledescription={t.carousel.slideRoleDescription}
                aria-label={t.carousel.slideLabel(i + 1, total)}
                aria-hidden={i !== current}
                className="landing-carousel__slide"
              >
                <Title Component="h3" level="3" weight="2">
                  {benefit.title}
                </Title>
                <Text Component="p" className="landing-carousel__text">
                  {benefit.text}
                </Text>
              </div>
            ))}
          </div>
          <div className="landing-carousel__dots">
            {t.benefits.map((benefit, i) => (
              <button
                key={benefit.title}
                type="button"
                className="landing-carousel__dot"
                aria-label={t.carousel.showSlide(i + 1, benefit.title)}
                aria-current={i === current}
                onClick={() => select(i)}
              />
            ))}
          </div>
        </div>
      </Section>
    </section>
  );
}
