import { Caption } from '@telegram-apps/telegram-ui';
import { Link } from 'react-router-dom';
import { landingMessages } from '../messages';

const t = landingMessages.footer;

export function LandingFooter({ appName }: { appName: string }) {
  return (
    <footer className="landing-footer">
      <nav aria-label={t.navLabel}>
        <ul className="landing-footer__links">
          <li>
            <Link to="/policy">{t.policy}</Link>
          </li>
          <li>
            <Link to="/rules">{t.rules}</Link>
          </li>
          <li>
            <Link to="/contacts">{t.contacts}</Link>
          </li>
        </ul>
      </nav>
      <Caption Component="p" className="landing-footer__copyright">
        {t.copyright(new Date().getFullYear(), appName)}
      </Caption>
    </footer>
  );
}
