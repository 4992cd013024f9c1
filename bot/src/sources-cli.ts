// pnpm --filter @autoradar/bot sources add <@channel|t.me/…|vk.com/club…> [title] | list | pause <source> | resume <source>
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, migrateDb } from '@autoradar/db';
import { addSource, listSources, parseSourceRef, setSourceActive } from '@autoradar/server/ingest/sources';

const USAGE =
  'Использование: pnpm --filter @autoradar/bot sources add <@канал | t.me/канал | vk.com/club123 | vk -123> [название]\n' +
  '       pnpm --filter @autoradar/bot sources list\n' +
  '       pnpm --filter @autoradar/bot sources pause|resume <источник>';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const [command, ...args] = process.argv.slice(2);

function refOf(values: string[]) {
  const [first, second] = values;
  if (first === 'vk' && second) return { ref: parseSourceRef(second, 'vk'), rest: values.slice(2) };
  return { ref: first ? parseSourceRef(first) : null, rest: values.slice(1) };
}

if (!command || !['add', 'list', 'pause', 'resume'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}
const handle = await createDb({
  databaseUrl: process.env['DATABASE_URL'],
  dataDir: path.resolve(repoRoot, process.env['DATA_DIR'] ?? '.data'),
});
try {
  await migrateDb(handle);
  if (command === 'list') {
    const rows = await listSources(handle.db);
    if (rows.length === 0) console.log('Источников пока нет');
    for (const s of rows) {
      const state = s.active ? 'активен' : 'на паузе';
      console.log(
        `${s.kind}\t${s.identifier}\t${s.title || '—'}\t${state}\tпрочитано ${s.postsSeen}, опубликовано ${s.postsPublished}, отклонено ${s.postsRejected}`,
      );
    }
  } else {
    const { ref, rest } = refOf(args);
    if (!ref) {
      console.error(`Не понимаю источник: ${args.join(' ') || '(пусто)'}\n${USAGE}`);
      process.exitCode = 2;
    } else if (command === 'add') {
      const row = await addSource(handle.db, ref, rest.join(' '));
      console.log(`Источник добавлен: ${row.kind} ${row.identifier}`);
    } else {
      const row = await setSourceActive(handle.db, ref, command === 'resume');
      if (!row) {
        console.error(`Источник не найден: ${ref.kind} ${ref.identifier}`);
        process.exitCode = 1;
      } else
        console.log(`${command === 'resume' ? 'Источник снова читается' : 'Источник на паузе'}: ${row.identifier}`);
    }
  }
} finally {
  await handle.close();
}
