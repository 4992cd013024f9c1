import { Composer, type Context } from 'grammy';
import type { Db } from '@autoradar/db';
import { setBotBlockedByTelegram } from '@autoradar/server/notify/filter-switches';

/** my_chat_member: blocking the bot makes has_telegram false (notifications stop), starting it again true. */
export function chatMemberFeature(deps: { db: Db }): Composer<Context> {
  const feature = new Composer<Context>();
  feature.chatType('private').on('my_chat_member', async (ctx) => {
    const status = ctx.myChatMember.new_chat_member.status;
    await setBotBlockedByTelegram(deps.db, ctx.from.id, status === 'kicked' || status === 'left');
  });
  return feature;
}
