import { Composer, InlineKeyboard, type Context } from 'grammy';
import type { Db } from '@autoradar/db';
import {
  FILTER_SWITCH_DATA,
  filterSwitchData,
  listFiltersOfTelegramUser,
  pauseAllFiltersByTelegram,
  setFilterActiveByTelegram,
} from '@autoradar/server/notify/filter-switches';
import { appLink, formatStartPayload, type LinkSettings } from '../links';
import { botMessages } from '../messages';

export interface FiltersFeatureDeps extends LinkSettings {
  appName: string;
  db: Db;
  clock?: () => Date;
}

async function filtersKeyboard(deps: FiltersFeatureDeps, telegramId: number) {
  const now = (deps.clock ?? (() => new Date()))();
  const mine = await listFiltersOfTelegramUser(deps.db, telegramId, now);
  if (!mine) return { text: botMessages.notRegistered(deps.appName), keyboard: openApp(deps) };
  if (mine.filters.length === 0) return { text: botMessages.noFilters, keyboard: openApp(deps) };
  const kb = InlineKeyboard.from(
    mine.filters.map((f) => [
      InlineKeyboard.url(
        `${f.active ? '🔔' : '⏸'} ${f.name}`.slice(0, 60),
        appLink(deps, formatStartPayload({ kind: 'filter', filterId: f.id })),
      ),
      ...(f.active
        ? [InlineKeyboard.text(botMessages.pause, filterSwitchData('pause', f.id))]
        : mine.pro
          ? [InlineKeyboard.text(botMessages.resume, filterSwitchData('resume', f.id))]
          : []),
    ]),
  );
  return { text: mine.pro ? botMessages.filtersList : botMessages.filtersListNotPro, keyboard: kb };
}

const openApp = (deps: FiltersFeatureDeps) =>
  new InlineKeyboard().url(botMessages.openApp(deps.appName), appLink(deps));

/** /filters with pause and resume buttons, /stop, and the pause button of every notification. */
export function filtersFeature(deps: FiltersFeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  const now = () => (deps.clock ?? (() => new Date()))();
  const privateChat = feature.chatType('private');

  privateChat.command('filters', async (ctx) => {
    const { text, keyboard } = await filtersKeyboard(deps, ctx.from.id);
    await ctx.reply(text, { reply_markup: keyboard });
  });

  privateChat.command('stop', async (ctx) => {
    const paused = await pauseAllFiltersByTelegram(deps.db, ctx.from.id);
    await ctx.reply(paused === undefined ? botMessages.notRegistered(deps.appName) : botMessages.stopped(paused));
  });

  feature.callbackQuery(FILTER_SWITCH_DATA, async (ctx) => {
    const [, action, id] = FILTER_SWITCH_DATA.exec(ctx.callbackQuery.data)!;
    const active = action === 'resume';
    const result = await setFilterActiveByTelegram(deps.db, ctx.from.id, Number(id), active, now());
    if (!result.ok) {
      await ctx.answerCallbackQuery({
        text: result.reason === 'not_pro' ? botMessages.resumeNeedsPro : botMessages.filterNotFound,
        show_alert: true,
      });
      return;
    }
    await ctx.answerCallbackQuery({
      text: active ? botMessages.resumed(result.name) : botMessages.paused(result.name),
    });
    // In the /filters list the buttons change in place; a notification keeps its text and buttons.
    if (ctx.callbackQuery.message?.text?.startsWith(botMessages.filtersHeading)) {
      const { text, keyboard } = await filtersKeyboard(deps, ctx.from.id);
      await ctx.editMessageText(text, { reply_markup: keyboard }).catch(() => undefined);
    }
  });
  return feature;
}
