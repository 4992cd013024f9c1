import { LinkButton } from '../components/link-button';
import { StatusScreen } from '../components/status/status';
import { useDocumentTitle } from '../components/use-document-title';
import { readAppName } from '../config';
import { PATHS } from '../paths';
import { appMessages } from './messages';

const t = appMessages.notFound;

export function NotFoundScreen() {
  useDocumentTitle(t.documentTitle(readAppName()));
  return (
    <StatusScreen
      className="not-found"
      title={t.title}
      text={t.text}
      picture={
        <div className="not-found__code" aria-hidden="true">
          404
        </div>
      }
      action={
        <LinkButton to={PATHS.landing} size="l">
          {t.home}
        </LinkButton>
      }
    />
  );
}
