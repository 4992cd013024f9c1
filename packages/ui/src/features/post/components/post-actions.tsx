import { Button } from '@telegram-apps/telegram-ui';
import { usePlatform } from '../../../platform';
import { useMainButton } from '../../../platform-hooks';
import { postActionMessages, postMessages } from '../messages';

export interface PostActionsProps {
  /** 'Перейти к объявлению' for aggregated listings (spec §2). */
  externalUrl: string | null;
  /** Left out where nothing can be inspected any more (an unpublished listing): the button is not offered. */
  onOrderInspection?: (() => void) | undefined;
}

/**
 * The page's bottom buttons (spec §2): the source link for channel listings and 'Заказать осмотр', the primary
 * action, which inside Telegram is the main button under the web view instead of a button on the page.
 */
export function PostActions({ externalUrl, onOrderInspection }: PostActionsProps) {
  const platform = usePlatform();
  const nativeInspection = useMainButton({
    text: postActionMessages.orderInspection,
    onClick: () => onOrderInspection?.(),
    active: onOrderInspection !== undefined,
  });
  const pageInspection = onOrderInspection !== undefined && !nativeInspection;
  if (!externalUrl && !pageInspection) return null;
  return (
    <div className="post-actions">
      {externalUrl ? (
        <Button
          Component="a"
          href={externalUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="l"
          mode="bezeled"
          stretched
          onClick={(event) => {
            event.preventDefault();
            platform.openLink(externalUrl);
          }}
        >
          {postMessages.openExternal}
        </Button>
      ) : null}
      {pageInspection ? (
        <Button size="l" stretched onClick={onOrderInspection}>
          {postActionMessages.orderInspection}
        </Button>
      ) : null}
    </div>
  );
}
