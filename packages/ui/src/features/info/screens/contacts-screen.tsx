import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@telegram-apps/telegram-ui';
import { SupportDialog } from '../../../components/support-dialog/support-dialog';
import { useDocumentTitle } from '../../../components/use-document-title';
import { usePlatform } from '../../../platform';
import { infoMessages } from '../messages';
import { readOperatorDetails } from '../operator';
import { PATHS } from '../../../paths';
import '../info.css';

const t = infoMessages.contacts;

/** An outside address: a real link, opened through the platform (Telegram's own browser in the mini-app). */
function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  const platform = usePlatform();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        platform.openLink(href);
      }}
    >
      {children}
    </a>
  );
}

/** Spec §2 /contacts: support links and legal information. */
export function ContactsScreen() {
  const details = readOperatorDetails();
  useDocumentTitle(infoMessages.documentTitle(t.title, details.appName));
  const [supportOpen, setSupportOpen] = useState(false);
  const { supportTelegram, supportEmail } = details;

  return (
    <main className="info-page">
      <h1 className="info-page__title">{t.title}</h1>
      <p className="info-page__lead">{t.lead(details.appName)}</p>

      <section className="info-card" aria-labelledby="contacts-support">
        <h2 id="contacts-support">{t.supportTitle}</h2>
        <p>{t.supportText}</p>
        <Button size="l" stretched onClick={() => setSupportOpen(true)}>
          {t.supportButton}
        </Button>
        {supportTelegram || supportEmail ? (
          <dl className="info-contacts">
            {supportTelegram ? (
              <div>
                <dt>{t.telegram}</dt>
                <dd>
                  <ExternalLink href={`https://t.me/${supportTelegram}`}>@{supportTelegram}</ExternalLink>
                </dd>
              </div>
            ) : null}
            {supportEmail ? (
              <div>
                <dt>{t.email}</dt>
                <dd>
                  <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </section>

      <section className="info-card" aria-labelledby="contacts-operator">
        <h2 id="contacts-operator">{t.operatorTitle}</h2>
        <p>{t.operatorText(details.operatorName)}</p>
      </section>

      <section className="info-card" aria-labelledby="contacts-documents">
        <h2 id="contacts-documents">{t.documentsTitle}</h2>
        <ul className="info-links">
          <li>
            <Link to={PATHS.policy}>{t.policy}</Link>
          </li>
          <li>
            <Link to={PATHS.rules}>{t.rules}</Link>
          </li>
        </ul>
      </section>

      <SupportDialog open={supportOpen} onOpenChange={setSupportOpen} />
    </main>
  );
}
