import path from 'node:path';
import { createDb } from '@autoradar/db';
import { createGuestAnnouncementJob } from '@autoradar/server/listings/guest-announcements';
import { createListingAnnouncer } from '@autoradar/server/listings/listing-announcer';
import { createMediaStorage } from '@autoradar/server/media/storage';
import { createPusherPublisher } from '@autoradar/server/realtime/pusher-publisher';
import { readBotEnv } from './env';
import { BOT_DISABLED_MESSAGE, startBot } from './bot';

// The bot as its own process (production compose). The embedded default runs it inside the API process instead,
// because an embedded PGlite database can be opened by one process only.
const env = readBotEnv();
if (!env.token) {
  console.log(BOT_DISABLED_MESSAGE);
  process.exit(0);
}
const log = { info: (m: string) => console.log(m), error: (o: unknown, m: string) => console.error(m, o) };
const setting = (name: string, fallback: string) => process.env[name]?.trim() || fallback;
try {
  // With PostgreSQL the bot answers /filters and /stop, follows my_chat_member and turns the posts of channels
  // registered as sources into listings; the API migrates the database.
  const databaseUrl = process.env['DATABASE_URL']?.trim();
  const dataDir = setting('DATA_DIR', './data');
  const db = databaseUrl ? (await createDb({ databaseUrl, dataDir })).db : undefined;
  // Its live events (post.published, post.updated, post.unpublished) go to the API's websocket server through the
  // signed Pusher HTTP events API (DESIGN.md §5); REVERB_HOST names the API (compose: `api`).
  const publisher = createPusherPublisher({
    appId: setting('REVERB_APP_ID', 'autoradar'),
    key: setting('REVERB_APP_KEY', 'autoradar-key'),
    secret: setting('REVERB_APP_SECRET', 'autoradar-secret'),
    host: setting('REVERB_HOST', '127.0.0.1'),
    port: Number(setting('REVERB_PORT', '8080')),
  });
  const announcer = db ? createListingAnnouncer({ db, publisher }) : undefined;
  const announce = (what: string, job: Promise<unknown>) =>
    void job.catch((err: unknown) => log.error({ err }, `live event ${what} not published`));
  const running = await startBot(env.token, {
    ...env,
    log,
    ...(db && announcer
      ? {
          db,
          channelPosts: {
            // The API's media directory (DATA_DIR/media, a shared volume), served by the API at /media/.
            storage: createMediaStorage({ mediaDir: path.join(dataDir, 'media') }),
            events: {
              published: (id) => announce('post.published', announcer.published(id)),
              updated: (id) => announce('post.updated', announcer.updated(id)),
              unpublished: (id) => announce('post.unpublished', announcer.unpublished(id)),
            },
          },
        }
      : {}),
  });
  // Aggregated listings reach `posts` when their delay ends; the API instances run the same job, each listing once.
  const delayJob =
    db && announcer ? createGuestAnnouncementJob({ db, log, announce: (id) => announcer.dueForGuests(id) }) : undefined;
  delayJob?.start();
  const stop = () => void Promise.all([running.stop(), delayJob?.stop()]).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error(`Не удалось запустить бота: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
