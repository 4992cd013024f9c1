// Seeds the feed benchmark's own PostgreSQL database (never the tests' one) with realistic listings, fast:
// generate_series SQL with the secondary indexes dropped during the load and rebuilt after it.
import { createDb, importReferenceData, migrateDb, type PostgresDbHandle } from '@autoradar/db';
import { seedListingsFromSelect } from '@autoradar/server/listings/seed-listings';

export const BENCH_DATABASE_URL = process.env['BENCH_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/ar_bench';

/** The benchmark's text query; BENCH_TEXT_SHARE of the listings mention it (in another word form). */
export const BENCH_TEXT_QUERY = 'панорамная крыша';
export const BENCH_TEXT_SHARE = 0.1;

const log = (msg: string) => console.log(`[seed] ${msg}`);

/** Creates the database, or drops and creates it again when `fresh` (a half-finished load leaves no trace). */
async function createDatabase(url: string, fresh: boolean): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test' || name === 'postgres') {
    throw new Error(`BENCH_DATABASE_URL должен указывать на отдельную базу для бенчмарка, а не «${name}»`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const handle = (await createDb({ databaseUrl: admin.toString(), dataDir: '.' })) as PostgresDbHandle;
  try {
    if (fresh) await handle.client.query(`drop database if exists "${name}" with (force)`);
    const { rows } = await handle.client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) {
      await handle.client.query(`create database "${name}"`);
      log(`создана база ${name}`);
    }
  } finally {
    await handle.close();
  }
}

/** Opens the benchmark database, migrated, with reference data and at least `count` listings. */
export async function ensureBenchData(opts: { count: number; reseed: boolean }): Promise<PostgresDbHandle> {
  const open = async (fresh: boolean) => {
    await createDatabase(BENCH_DATABASE_URL, fresh);
    const handle = (await createDb({ databaseUrl: BENCH_DATABASE_URL, dataDir: '.' })) as PostgresDbHandle;
    await migrateDb(handle);
    await importReferenceData(handle.db);
    return handle;
  };
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
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
       where i.tablename in ('posts', 'post_media', 'post_prices')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const index of indexes) await client.query(`drop index if exists "${index.name}"`);

    await client.query(`select setseed(0.42)`);
    await client.query(`create temp table bench_models as
      select row_number() over (order by b.popular desc, b.position, m.id) as rn, m.id as model_id, b.id as brand_id,
             b.name as brand, m.name as model,
             greatest(coalesce(m.year_from, 1995), 1990) as year_from, least(coalesce(m.year_to, 2026), 2026) as year_to
      from models m join brands b on b.id = m.brand_id
      where b.kind = 'car' and coalesce(m.year_from, 1995) <= 2026`);
    await client.query(`create temp table bench_cities as
      select row_number() over (order by population desc nulls last, id) as rn, id, city from cities order by rn limit 200`);
    const { rows: sizes } = await client.query<{ models: number; cities: number }>(
      `select (select count(*)::int from bench_models) as models, (select count(*)::int from bench_cities) as cities`,
    );
    const { models, cities } = sizes[0]!;

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
       join bench_models m on m.rn = 1 + floor(${models} * power(r.model, 3))::int
       join bench_cities c on c.rn = 1 + floor(${cities} * power(r.city, 2))::int
       cross join lateral (select m.year_from + floor(r.year * (m.year_to - m.year_from + 1))::int as year) y`,
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
}
