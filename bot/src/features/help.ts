import { Composer, InlineKeyboard, type Context } from 'grammy';
import { appLink, type LinkSettings } from '../links';
import { botMessages } from '../messages';

export function helpFeature(deps: LinkSettings & { appName: string }): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('help', async (ctx) => {
    await ctx.reply(botMessages.help(deps.appName), {
      reply_markup: new InlineKeyboard().url(botMessages.openApp(deps.appName), appLink(deps)),
    });
  });
  return feature;
}
