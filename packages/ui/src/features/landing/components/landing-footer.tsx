import { Caption } from '@telegram-apps/telegram-ui';
import { Link } from 'react-router-dom';
import { landingMessages } from '../messages';
import { PATHS } from '../../../paths';

const t = landingMessages.footer;

export function LandingFooter({ appName }: { appName: string }) {
  return (
    <footer className="landing-footer">
      <nav aria-label={t.navLabel}>
        <ul className="landing-footer__links">
          <li>
            <Link to={PATHS.policy}>{t.policy}</Link>
          </li>
          <li>
            <Link to={PATHS.rules}>{t.rules}</Link>
          </li>
          <li>
            <Link to={PATHS.contacts}>{t.contacts}</Link>
          </li>
        </ul>
      </nav>
      <Caption Component="p" className="landing-footer__copyright">
        {t.copyright(new Date().getFullYear(), appName)}
      </Caption>
    </footer>
  );
}
