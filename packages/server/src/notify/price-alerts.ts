import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Api } from 'grammy';
import { appLink, formatStartPayload, postPageUrl, type LinkSettings } from '@autoradar/core';
import { posts, priceAlerts, users, type Db } from '@autoradar/db';
import { escapeHtml } from '../escape-html';
import type { Mailer, MailMessage } from '../mail';
import { classifyTelegramError, type SendOutcome } from './notify-telegram';
import { priceAlertMessages, type AlertedListing } from './price-alerts.messages';
import { markBotBlocked, userDueAt } from './queue';

// Price-drop and sold alerts on favourites (issue 33). The state lives on the favourite (notes.alert_price: the price
// the user last knew; alerted_at; sold_alerted_at), so a scan is idempotent: it turns every favourite whose listing
// now costs at least 1 % less than the user last knew (and whose last alert is 3 hours old or more) into one
// `price_alerts` row and moves the favourite's state in the same statement; a second scan finds nothing. Rows are then
// sent like the saved-filter deliveries: claimed under a lease, `sending` right before the call, `unknown` when the
// sender died mid-call, never sent twice. The worker scans on every pass; listing.updated / unpublished wake it.
// Working hours: an alert to a user whose active saved filters all wait for working hours waits for the earliest
// next window (queue.ts userDueAt, the deliveries' dueAtOf).

/** A drop alerts when the price fell by at least this share of the price the user last knew. */
export const PRICE_DROP_MIN_SHARE = 0.01;
/** At most one drop alert per favourite this often. */
export const PRICE_ALERT_INTERVAL_MS = 3 * 3_600_000;

/** Where an alert goes: Telegram when the bot may write to the user, else e-mail when they have one. */
const channelSql = sql`case
  when u.telegram_id is not null and not u.bot_blocked and coalesce(u.allows_write_to_pm, true) then 'telegram'
  when u.email is not null then 'email'
end`;

/** Turns due favourites into alert rows; resolves with how many rows were queued. */
export async function scanPriceAlerts(db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - PRICE_ALERT_INTERVAL_MS).toISOString();
  const at = now.toISOString();
  const minPercent = Math.round((1 - PRICE_DROP_MIN_SHARE) * 100);
  return db.transaction(async (tx) => {
    // A price that went up (or a first price) becomes what the user knows: a later drop is measured from it.
    await tx.execute(sql`
      update notes n set alert_price = p.price
      from posts p
      where p.id = n.post_id and p.status = 'published' and p.price > 0
        and coalesce(n.currency_when_added, p.currency) = p.currency
        and (n.alert_price is null or p.price > n.alert_price)`);
    const drops = await tx.execute<{ id: string }>(sql`
      with due as (
        select n.user_id, n.post_id, n.alert_price as old_price, p.price as new_price, p.currency,
               u.price_alerts as wanted, ${channelSql} as channel
        from notes n
        join posts p on p.id = n.post_id
        join users u on u.id = n.user_id
        where p.status = 'published' and p.price > 0 and n.alert_price is not null
          and coalesce(n.currency_when_added, p.currency) = p.currency
          and p.price * 100 <= n.alert_price * ${minPercent}
          and (n.alerted_at is null or n.alerted_at <= ${since}::timestamptz)
        for update of n skip locked
      ), moved as (
        update notes set alert_price = due.new_price, alerted_at = ${at}::timestamptz
        from due where notes.user_id = due.user_id and notes.post_id = due.post_id
      )
      insert into price_alerts (user_id, post_id, kind, channel, old_price, new_price, currency, due_at, created_at)
      select user_id, post_id, 'drop', channel, old_price, new_price, currency, ${at}::timestamptz, ${at}::timestamptz
      from due where wanted and channel is not null
      returning id`);
    const sold = await tx.execute<{ id: string }>(sql`
      with due as (
        select n.user_id, n.post_id, p.price, p.currency, u.price_alerts as wanted, ${channelSql} as channel
        from notes n
        join posts p on p.id = n.post_id
        join users u on u.id = n.user_id
        where p.status = 'unpublished' and n.sold_alerted_at is null
        for update of n skip locked
      ), moved as (
        update notes set sold_alerted_at = ${at}::timestamptz
        from due where notes.user_id = due.user_id and notes.post_id = due.post_id
      )
      insert into price_alerts (user_id, post_id, kind, channel, old_price, new_price, currency, due_at, created_at)
      select user_id, post_id, 'sold', channel, null, nullif(price, 0), currency, ${at}::timestamptz, ${at}::timestamptz
      from due where wanted and channel is not null
      on conflict do nothing
      returning id`);
    return drops.rows.length + sold.rows.length;
  });
}

export interface PriceAlertSender {
  db: Db;
  workerId: string;
  clock: () => Date;
  links: LinkSettings;
  appName: string;
  telegram?: Api | undefined;
  mailer?: Mailer | undefined;
  leaseMs: number;
  maxAttempts: number;
  log: { error(obj: object, msg: string): void };
}

interface ClaimedAlert {
  id: number;
  userId: number;
  postId: number;
  kind: 'drop' | 'sold';
  channel: string;
  oldPrice: number | null;
  newPrice: number | null;
  currency: string;
  attempts: number;
}

async function claimPriceAlerts(s: PriceAlertSender, limit: number): Promise<ClaimedAlert[]> {
  const now = s.clock();
  await s.db
    .update(priceAlerts)
    .set({
      status: 'unknown',
      lockedBy: null,
      lockedUntil: null,
      error: 'Обработчик остановился во время отправки: неизвестно, дошло ли сообщение; повторно не отправляется',
    })
    .where(and(eq(priceAlerts.status, 'sending'), lt(priceAlerts.lockedUntil, now)));
  return s.db.transaction(async (tx) => {
    const free = tx
      .select({ id: priceAlerts.id })
      .from(priceAlerts)
      .where(
        and(
          eq(priceAlerts.status, 'pending'),
          lte(priceAlerts.dueAt, now),
          or(isNull(priceAlerts.lockedUntil), lte(priceAlerts.lockedUntil, now)),
        ),
      )
      .orderBy(priceAlerts.dueAt, priceAlerts.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(priceAlerts)
      .set({ lockedBy: s.workerId, lockedUntil: new Date(now.getTime() + s.leaseMs) })
      .where(inArray(priceAlerts.id, free))
      .returning({
        id: priceAlerts.id,
        userId: priceAlerts.userId,
        postId: priceAlerts.postId,
        kind: priceAlerts.kind,
        channel: priceAlerts.channel,
        oldPrice: priceAlerts.oldPrice,
        newPrice: priceAlerts.newPrice,
        currency: priceAlerts.currency,
        attempts: priceAlerts.attempts,
      });
    return rows.sort((a, b) => a.id - b.id);
  });
}

async function settle(
  s: PriceAlertSender,
  alert: ClaimedAlert,
  outcome:
    | { status: 'sent' }
    | { status: 'failed' | 'unknown' | 'skipped'; error: string }
    | { status: 'pending'; error?: string; dueAt?: Date },
): Promise<void> {
  await s.db
    .update(priceAlerts)
    .set({
      status: outcome.status,
      lockedBy: null,
      lockedUntil: null,
      ...(outcome.status === 'sent' ? { sentAt: s.clock(), error: null } : {}),
      ...('error' in outcome ? { error: outcome.error } : {}),
      ...('dueAt' in outcome && outcome.dueAt ? { dueAt: outcome.dueAt } : {}),
    })
    .where(and(eq(priceAlerts.id, alert.id), eq(priceAlerts.lockedBy, s.workerId)));
}

/** `sending` under this worker right before the call; false when the lease was lost (nothing may be sent). */
async function markSending(s: PriceAlertSender, alert: ClaimedAlert): Promise<boolean> {
  const rows = await s.db
    .update(priceAlerts)
    .set({
      status: 'sending',
      lockedUntil: new Date(s.clock().getTime() + s.leaseMs),
      attempts: sql`${priceAlerts.attempts} + 1`,
    })
    .where(and(eq(priceAlerts.id, alert.id), eq(priceAlerts.lockedBy, s.workerId), eq(priceAlerts.status, 'pending')))
    .returning({ id: priceAlerts.id });
  return rows.length === 1;
}

function emailOf(s: PriceAlertSender, to: string, alert: ClaimedAlert, listing: AlertedListing): MailMessage {
  const m = priceAlertMessages;
  const link = postPageUrl(s.links.appUrl, alert.postId);
  const telegramText = alert.kind === 'drop' ? m.telegramDrop(listing) : m.telegramSold(listing);
  const plain = telegramText
    .replace(/<\/?b>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return {
    to,
    subject: alert.kind === 'drop' ? m.emailSubjectDrop(listing) : m.emailSubjectSold(listing),
    text: [plain, '', `${m.openPost}: ${link}`, '', m.emailFooter(s.appName)].join('\n'),
    html: [
      `<p>${telegramText.replace(/\n/g, '<br>')}</p>`,
      `<p><a href="${escapeHtml(link)}">${m.openPost}</a></p>`,
      `<p style="color:#888">${escapeHtml(m.emailFooter(s.appName))}</p>`,
    ].join('\n'),
  };
}

async function sendOne(s: PriceAlertSender, alert: ClaimedAlert): Promise<boolean> {
  const [user] = await s.db.select().from(users).where(eq(users.id, alert.userId));
  const [post] = await s.db.select({ title: posts.title }).from(posts).where(eq(posts.id, alert.postId));
  if (!user || !post || !user.priceAlerts) {
    await settle(s, alert, { status: 'skipped', error: 'Уведомления о цене выключены или объявление удалено' });
    return false;
  }
  // Working hours (the pipeline's rule, queue.ts userDueAt): outside them the alert waits for the next window.
  const due = await userDueAt(s.db, user.id, s.clock());
  if (due.getTime() > s.clock().getTime()) {
    await settle(s, alert, { status: 'pending', dueAt: due });
    return false;
  }
  const listing: AlertedListing = {
    title: post.title,
    oldPrice: alert.oldPrice,
    newPrice: alert.newPrice,
    currency: alert.currency,
  };
  const m = priceAlertMessages;
  if (alert.channel === 'telegram') {
    if (!user.telegramId || user.botBlocked) {
      await settle(s, alert, { status: 'skipped', error: 'У пользователя нет Telegram или бот заблокирован' });
      return false;
    }
    // No bot token in this process: the row waits for a process that has one.
    if (!s.telegram) return release(s, alert);
    if (!(await markSending(s, alert))) return false;
    let outcome: SendOutcome;
    try {
      await s.telegram.raw.sendMessage({
        chat_id: user.telegramId,
        text: alert.kind === 'drop' ? m.telegramDrop(listing) : m.telegramSold(listing),
        parse_mode: 'HTML',
        ...(alert.kind === 'drop'
          ? {
              reply_markup: {
                inline_keyboard: [
                  [
                    {
                      text: m.openPost,
                      url: appLink(s.links, formatStartPayload({ kind: 'post', postId: alert.postId })),
                    },
                  ],
                ],
              },
            }
          : {}),
      });
      outcome = { kind: 'sent' };
    } catch (err) {
      outcome = classifyTelegramError(err);
    }
    if (outcome.kind === 'blocked') {
      await settle(s, alert, { status: 'failed', error: outcome.error });
      await markBotBlocked(s.db, user.id);
      return false;
    }
    return finish(s, alert, outcome);
  }
  if (!user.email) {
    await settle(s, alert, { status: 'skipped', error: 'У пользователя нет e-mail' });
    return false;
  }
  if (!s.mailer) return release(s, alert);
  if (!(await markSending(s, alert))) return false;
  try {
    await s.mailer.send(emailOf(s, user.email, alert, listing));
    return finish(s, alert, { kind: 'sent' });
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode;
    const error = err instanceof Error ? err.message : String(err);
    return finish(
      s,
      alert,
      code && code >= 500 ? { kind: 'failed', error } : code ? { kind: 'retry', error } : { kind: 'unknown', error },
    );
  }
}

async function release(s: PriceAlertSender, alert: ClaimedAlert): Promise<false> {
  await s.db
    .update(priceAlerts)
    .set({ lockedBy: null, lockedUntil: null })
    .where(and(eq(priceAlerts.id, alert.id), eq(priceAlerts.lockedBy, s.workerId)));
  return false;
}

async function finish(s: PriceAlertSender, alert: ClaimedAlert, outcome: SendOutcome): Promise<boolean> {
  switch (outcome.kind) {
    case 'sent':
      await settle(s, alert, { status: 'sent' });
      return true;
    case 'lost':
      return false;
    case 'unknown':
      await settle(s, alert, { status: 'unknown', error: outcome.error });
      return false;
    case 'blocked':
    case 'failed':
      await settle(s, alert, { status: 'failed', error: outcome.error });
      return false;
    case 'retry': {
      // markSending counted this attempt already.
      if (alert.attempts + 1 >= s.maxAttempts) {
        await settle(s, alert, { status: 'failed', error: outcome.error });
        return false;
      }
      const backoff = Math.min(3_600_000, 2 ** (alert.attempts + 1) * 5_000);
      await s.db
        .update(priceAlerts)
        .set({ status: 'pending', error: outcome.error, dueAt: new Date(s.clock().getTime() + backoff) })
        .where(and(eq(priceAlerts.id, alert.id), eq(priceAlerts.lockedBy, s.workerId)));
      await release(s, alert);
      return false;
    }
  }
}

/**
 * One pass: queues what is due, then sends every due alert (one after another: a handful per pass at most; the Api's
 * throttler keeps Telegram's limits). Resolves with how many were sent.
 */
export async function runPriceAlerts(s: PriceAlertSender): Promise<number> {
  await scanPriceAlerts(s.db, s.clock());
  let sent = 0;
  const seen = new Set<number>();
  for (;;) {
    const claimed = await claimPriceAlerts(s, 50);
    const rows = claimed.filter((r) => !seen.has(r.id));
    if (rows.length === 0) {
      // Only rows this pass gave back (no sender for their channel here): leave them to another process at once.
      for (const alert of claimed) await release(s, alert);
      return sent;
    }
    for (const alert of rows) {
      seen.add(alert.id);
      try {
        if (await sendOne(s, alert)) sent += 1;
      } catch (err) {
        s.log.error({ err, alertId: alert.id }, 'Уведомления о цене: ошибка доставки');
        await release(s, alert).catch(() => undefined);
      }
    }
  }
}
