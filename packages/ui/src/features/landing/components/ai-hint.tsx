import { Section, Text } from '@telegram-apps/telegram-ui';
import { landingMessages } from '../messages';
import { SparklesIcon } from './icons';

const t = landingMessages.aiHint;

// Built from Text rather than Cell: Cell renders its title and description as <h6>, which would
// put two stray headings in the page outline.
export function AiHint() {
  return (
    <aside aria-label={t.title}>
      <Section className="landing-card">
        <div className="landing-feature">
          <span className="landing-icon landing-icon--ai">
            <SparklesIcon />
          </span>
          <div>
            <Text Component="p" weight="2" className="landing-feature__title">
              {t.title}
            </Text>
            <Text Component="p" className="landing-feature__text">
              {t.text}
            </Text>
          </div>
        </div>
      </Section>
    </aside>
  );
}
