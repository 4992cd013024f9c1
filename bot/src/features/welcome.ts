import { Composer, InlineKeyboard, type Context } from 'grammy';
import { botMessages } from '../messages';
import { appLink, canUseWebApp, formatStartPayload, parseStartPayload, type LinkSettings } from '../links';

export function welcomeFeature(deps: LinkSettings & { appName: string }): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('start', async (ctx) => {
    // Core reads every start value; the bot answers post_<id> with the listing's button, the rest with a greeting.
    const start = parseStartPayload(ctx.match);
    if (start?.kind === 'post') {
      const keyboard = new InlineKeyboard().url(botMessages.openPost, appLink(deps, formatStartPayload(start)));
      await ctx.reply(botMessages.welcomePost(deps.appName), { reply_markup: keyboard });
      return;
    }
    // A place to open (a saved filter, search, payment, a new listing) goes through the t.me link, which hands the
    // start value to the mini-app; a web_app button cannot. Inline web_app buttons work only in the private chat
    // with the bot (DESIGN.md §9); elsewhere a t.me link as well.
    const keyboard =
      !start && ctx.chat.type === 'private' && canUseWebApp(deps.appUrl)
        ? new InlineKeyboard().webApp(botMessages.openApp(deps.appName), `${deps.appUrl}/tma/`)
        : new InlineKeyboard().url(
            botMessages.openApp(deps.appName),
            appLink(deps, start ? formatStartPayload(start) : undefined),
          );
    await ctx.reply(botMessages.welcome(deps.appName), { reply_markup: keyboard });
  });
  return feature;
}
