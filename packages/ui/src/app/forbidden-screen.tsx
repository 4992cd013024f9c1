import { LinkButton } from '../components/link-button';
import { StatusScreen } from '../components/status/status';
import { useDocumentTitle } from '../components/use-document-title';
import { readAppName } from '../config';
import { PATHS } from '../paths';
import { appMessages } from './messages';

const t = appMessages.forbidden;

/** An admin-only address opened by someone else: says why, and offers the way to the feed. */
export function ForbiddenScreen() {
  useDocumentTitle(t.documentTitle(readAppName()));
  return (
    <StatusScreen
      title={t.title}
      text={t.text}
      action={
        <LinkButton to={PATHS.search} size="l">
          {t.toSearch}
        </LinkButton>
      }
    />
  );
}
