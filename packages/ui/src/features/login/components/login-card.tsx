import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Text } from '@telegram-apps/telegram-ui';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { loginMessages as t } from '../messages';
import '../login.css';

/** An error the server sends back after a failed web sign-in (`/login#error=...`, DESIGN §3). */
export function readErrorFromHash(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('error') || undefined;
}

/** /login's frame (spec §2): the title, the note and a returned sign-in error around either way of signing in. */
export function LoginCard({ children }: { children: ReactNode }) {
  const { hash } = useLocation();
  const error = readErrorFromHash(hash);
  useDocumentTitle(t.documentTitle(readAppName()));

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-card__title">
          {t.title}
        </h1>
        <Text className="login-card__note">{t.note}</Text>
        {error ? (
          <Text className="login-card__error" role="alert">
            {error}
          </Text>
        ) : null}
        {children}
      </section>
    </main>
  );
}
