import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { usePlatform } from '../../../platform';
import { adminMessages as t } from '../messages';

export interface AdminPageProps {
  title: string;
  /** Where the in-page back link leads; Telegram's own back button replaces it inside the mini-app. */
  back?: string;
  /** The page's own buttons, at the right of the title on wide screens and under it on phones. */
  actions?: ReactNode;
  /** A line under the title (the partner a list belongs to). */
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

/** The frame of every admin screen: the title (also the document's), a way back and the actions. */
export function AdminPage({ title, back, actions, subtitle, wide = false, children }: AdminPageProps) {
  const platform = usePlatform();
  useDocumentTitle(t.documentTitle(title, readAppName()));
  return (
    <main className={`admin-page${wide ? ' admin-page--wide' : ''}`}>
      <header className="admin-page__header">
        <div className="admin-page__heading">
          {back && !platform.backButton ? (
            <Link className="admin-page__back" to={back}>
              {t.back}
            </Link>
          ) : null}
          <h1 className="admin-page__title">{title}</h1>
          {subtitle ? <p className="admin-page__subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </header>
      {children}
    </main>
  );
}
