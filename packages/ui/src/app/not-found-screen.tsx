import { Placeholder, Text, Title } from '@telegram-apps/telegram-ui';
import { LinkButton } from '../components/link-button';
import { useDocumentTitle } from '../components/use-document-title';
import { readAppName } from '../config';
import { appMessages } from './messages';
import { PATHS } from '../paths';

const t = appMessages.notFound;

export function NotFoundScreen() {
  useDocumentTitle(t.documentTitle(readAppName()));

  return (
    <main className="not-found app-status-screen">
      <Placeholder
        action={
          <LinkButton to={PATHS.landing} size="l">
            {t.home}
          </LinkButton>
        }
      >
        <div className="not-found__code" aria-hidden="true">
          404
        </div>
        <Title Component="h1" level="1" weight="2">
          {t.title}
        </Title>
        <Text Component="p" className="not-found__text">
          {t.text}
        </Text>
      </Placeholder>
    </main>
  );
}
