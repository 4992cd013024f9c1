// Seeds the feed benchmark's own PostgreSQL database (never the tests' one) with realistic listings, fast:
// generate_series SQL with the secondary indexes dropped during the load and rebuilt after it.
import type { PostgresDbHandle } from '@autoradar/db';
import { seedListingsFromSelect } from '@autoradar/server/listings/seed-listings';
import { createPickTables, dropSecondaryIndexes, openBenchDatabase, pickJoins } from './bench-db';

export const BENCH_DATABASE_URL = process.env['BENCH_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/ar_bench';

/** The benchmark's text query; BENCH_TEXT_SHARE of the listings mention it (in another word form). */
export const BENCH_TEXT_QUERY = 'панорамная крыша';
export const BENCH_TEXT_SHARE = 0.1;

const log = (msg: string) => console.log(`[seed] ${msg}`);

/** Opens the benchmark database, migrated, with reference data and at least `count` listings. */
export async function ensureBenchData(opts: { count: number; reseed: boolean }): Promise<PostgresDbHandle> {
  const open = (fresh: boolean) =>
    openBenchDatabase(BENCH_DATABASE_URL, { fresh, variable: 'BENCH_DATABASE_URL', log });
  let handle = await open(opts.reseed);
  // A finished load ends with the marker row; anything else is rebuilt from an empty database.
  const { rows } = await handle.client
    .query<{ n: number }>(`select coalesce((select count from bench_seed where finished), -1) as n`)
    .catch(() => ({ rows: [{ n: -1 }] }));
  const existing = rows[0]?.n ?? -1;
  if (existing === opts.count) {
    log(
      `база уже содержит ${existing.toLocaleString('ru-RU')} объявлений: используем их (--reseed, чтобы пересоздать)`,
    );
    // A database seeded before issue 33 has no estimates: they are added once.
    const { rows: estimates } = await handle.client.query<{ any: boolean }>(
      'select exists (select 1 from market_estimates) as any',
    );
    if (!estimates[0]?.any) await seedMarketEstimates(handle);
    return handle;
  }
  if (!opts.reseed) {
    await handle.close();
    handle = await open(true);
  }
  await seed(handle, opts.count);
  await handle.client.query('create table bench_seed (count int not null, finished boolean not null)');
  await handle.client.query('insert into bench_seed values ($1, true)', [opts.count]);
  return handle;
}

async function seed(handle: PostgresDbHandle, count: number): Promise<void> {
  const client = await handle.client.connect();
  const step = async (label: string, text: string) => {
    const started = performance.now();
    await client.query(text);
    log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} с`);
  };
  try {
    await client.query(`set maintenance_work_mem = '1GB'`);
    // Secondary indexes are rebuilt after the load: one sorted build instead of a million GIN insertions.
    const indexes = await dropSecondaryIndexes(client, ['posts', 'post_media', 'post_prices']);
    await client.query(`select setseed(0.42)`);
    const picks = await createPickTables(client, { minYear: 1990 });

    // Popular models and big cities dominate (power-law picks); one listing about every 31 s over a year, so ids
    // grow with time and the last 24 hours hold ~2 700 listings; every 7th is the product's own.
    // Through the listings module, the one writer of `posts` (listings/seed-listings.ts): the rows and their prices.
    const started = performance.now();
    await seedListingsFromSelect(
      (text) => client.query(text),
      [
        'channel',
        'message_id',
        'url',
        'hash',
        'brand_id',
        'model_id',
        'city_id',
        'mark',
        'model',
        'title',
        'year',
        'price',
        'currency',
        'mileage',
        'text',
        'location',
        'status',
        'published_at',
        'created_at',
        'updated_at',
      ],
      `select
         case when g % 7 = 0 then 'site' else 'bench_' || (g % 40) end,
         case when g % 7 = 0 then null else g end,
         case when g % 7 = 0 then null else 'https://t.me/bench_' || (g % 40) || '/' || g end,
         case when g % 7 = 0 then null else md5('bench' || g) end,
         m.brand_id, m.model_id, c.id, m.brand, m.model,
         m.brand || ' ' || m.model || ' ' || y.year,
         y.year,
         greatest(50000, round(3500000 * power(0.88, 2026 - y.year) * (0.6 + r.price) / 10000) * 10000)::bigint,
         'RUB',
         (greatest(1, 2026 - y.year) * (8000 + r.mileage * 14000))::int / 1000 * 1000,
         '<p>' || (array['Продаю автомобиль в хорошем состоянии.', 'Срочная продажа, причина — переезд.',
                         'Один владелец, обслуживание у официального дилера.', 'Авто без ДТП, родная краска по кругу.',
                         'Обмен не интересует, только продажа.'])[1 + g % 5]
           || ' ' || (array['Полный комплект ключей.', 'Зимняя резина в подарок.', 'Сервисная книжка, все ТО вовремя.',
                            'Вложений не требует.', 'Салон чистый, не курили.', 'Климат-контроль, круиз.'])[1 + (g / 5) % 6]
           || case when g % 10 = 3 then ' Панорамной крышей пользовались бережно, люк не течёт.' else '' end
           || ' ' || (array['Торг у капота.', 'Звоните в любое время.', 'Проверка на любой СТО.',
                            'Возможен кредит.'])[1 + (g / 30) % 4] || '</p>',
         c.city,
         'published',
         date_trunc('second', now() - ((${count} - g) * interval '31.536 seconds')),
         date_trunc('second', now() - ((${count} - g) * interval '31.536 seconds')),
         date_trunc('second', now() - ((${count} - g) * interval '31.536 seconds'))
       from generate_series(1, ${count}) g
       cross join lateral (select random() as model, random() as city, random() as year, random() as price, random() as mileage
                           where g > 0) r
       ${pickJoins(picks)}`,
    );
    log(
      `${count.toLocaleString('ru-RU')} объявлений и их цены: ${((performance.now() - started) / 1000).toFixed(1)} с`,
    );
    await step(
      'фото (1–2 на объявление)',
      `insert into post_media (post_id, kind, url, url_sm, title, position, is_main)
       select p.id, 'photo', '/media/demo/bench-' || (p.id % 50) || '-' || n || '.jpg',
              '/media/demo/bench-' || (p.id % 50) || '-' || n || '_sm.jpg', null, n, n = 0
       from posts p cross join generate_series(0, 1) n
       where n = 0 or p.id % 2 = 0`,
    );
    for (const index of indexes) await step(`индекс ${index.name}`, index.def);
    await step('vacuum analyze', 'vacuum analyze posts, post_media, post_prices');
  } finally {
    client.release();
  }
  await seedMarketEstimates(handle);
}

/**
 * A market estimate for 95 % of the listings (the market job's share on its own 1M seed: 948 712), so the feed's
 * per-card estimate lookup (listings/post-row.ts) finds a row as in production. Values only look plausible: the feed
 * reads them, it never judges them.
 */
async function seedMarketEstimates(handle: PostgresDbHandle): Promise<void> {
  const started = performance.now();
  await handle.client.query(
    `insert into market_estimates (post_id, low, median, high, comparables, verdict)
     select p.id, e.median * 85 / 100, e.median, e.median * 115 / 100, 9 + (p.id % 190)::int,
            (case when p.price < e.median * 95 / 100 then 'good' when p.price > e.median * 105 / 100 then 'high'
                  else 'fair' end)::market_verdict
     from posts p cross join lateral (select p.price * (90 + p.id % 21) / 100 as median) e
     where p.price is not null and p.id % 20 <> 0
     on conflict do nothing`,
  );
  await handle.client.query('vacuum analyze market_estimates');
  log(`оценки рынка (95 % объявлений): ${((performance.now() - started) / 1000).toFixed(1)} с`);
}
