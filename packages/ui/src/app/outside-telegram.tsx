import { Button } from '@telegram-apps/telegram-ui';
import { AppLogo } from '../components/app-logo';
import { StatusScreen } from '../components/status/status';
import { useDocumentTitle } from '../components/use-document-title';
import { readAppName, readBotUsername } from '../config';
import { appMessages } from './messages';

const t = appMessages.outsideTelegram;

/**
 * The mini-app's production build opened in a plain browser (issue 13): instead of an app without its Telegram
 * sign-in, a page that says where it lives, with the bot's link and the website.
 */
export function OutsideTelegramScreen() {
  const appName = readAppName();
  const bot = readBotUsername();
  useDocumentTitle(t.documentTitle(appName));
  return (
    <StatusScreen
      className="outside-telegram"
      level="2"
      title={t.title(appName)}
      text={t.text}
      picture={<AppLogo className="outside-telegram__logo" />}
      action={
        <div className="outside-telegram__actions">
          {bot ? (
            <Button Component="a" href={`https://t.me/${bot}`} size="l" stretched>
              {t.openBot}
            </Button>
          ) : null}
          <Button Component="a" href="/" size="l" mode={bot ? 'plain' : 'filled'} stretched>
            {t.site}
          </Button>
        </div>
      }
    />
  );
}
