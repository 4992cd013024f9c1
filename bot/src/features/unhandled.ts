import { Composer, InlineKeyboard, type Context } from 'grammy';
import { botMessages } from '../messages';
import { appLink, type LinkSettings } from '../links';

/** Installed last: anything no feature handled gets a short hint instead of silence. */
export function unhandledFeature(deps: LinkSettings & { appName: string }): Composer<Context> {
  const feature = new Composer<Context>();
  feature.chatType('private').on('message', async (ctx) => {
    await ctx.reply(botMessages.unhandled, {
      reply_markup: new InlineKeyboard().url(botMessages.openApp(deps.appName), appLink(deps)),
    });
  });
  return feature;
}
