import { Placeholder, Text, Title } from '@telegram-apps/telegram-ui';
import { LinkButton } from '../components/link-button';
import { useDocumentTitle } from '../components/use-document-title';
import { readAppName } from '../config';
import { appMessages } from './messages';
import { PATHS } from '../paths';

const t = appMessages.forbidden;

/** An admin-only address opened by someone else: says why, and offers the way to the feed. */
export function ForbiddenScreen() {
  useDocumentTitle(t.documentTitle(readAppName()));
  return (
    <main className="app-status-screen">
      <Placeholder
        action={
          <LinkButton to={PATHS.search} size="l">
            {t.toSearch}
          </LinkButton>
        }
      >
        <Title Component="h1" level="1" weight="2">
          {t.title}
        </Title>
        <Text Component="p">{t.text}</Text>
      </Placeholder>
    </main>
  );
}
