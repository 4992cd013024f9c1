// pnpm --filter @autoradar/bot sources add <@channel|t.me/…|vk.com/club…> [title] | list | pause|resume|remove <source>
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, migrateDb } from '@autoradar/db';
import {
  addSource,
  findSourceByRef,
  listSources,
  parseReadableSourceRef,
  removeSource,
  setSourcePaused,
} from '@autoradar/server/ingest/sources';
import { sourceStateLabel } from '@autoradar/server/sources/sources.messages';

const USAGE =
  'Использование: pnpm --filter @autoradar/bot sources add <@канал | t.me/канал | vk.com/club123 | vk -123> [название]\n' +
  '       pnpm --filter @autoradar/bot sources list\n' +
  '       pnpm --filter @autoradar/bot sources pause|resume|remove <источник>';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const [command, ...args] = process.argv.slice(2);

function refOf(values: string[]) {
  const [first, second] = values;
  if (first === 'vk' && second) return { ref: parseReadableSourceRef(second, 'vk'), rest: values.slice(2) };
  return { ref: first ? parseReadableSourceRef(first) : null, rest: values.slice(1) };
}

if (!command || !['add', 'list', 'pause', 'resume', 'remove'].includes(command)) {
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
      console.log(
        `${s.readVia}\t${s.identifier}\t${s.title || '—'}\t${sourceStateLabel[s.state]}\tпрочитано ${s.postsSeen}, опубликовано ${s.postsPublished}, отклонено ${s.postsRejected}${s.lastError ? `\t${s.lastError}` : ''}`,
      );
    }
  } else {
    const { ref, rest } = refOf(args);
    if (!ref) {
      console.error(`Не понимаю источник: ${args.join(' ') || '(пусто)'}\n${USAGE}`);
      process.exitCode = 2;
    } else if (command === 'add') {
      const row = await addSource(handle.db, ref, rest.join(' '));
      console.log(`Источник добавлен: ${row.readVia} ${row.identifier}`);
    } else {
      const found = await findSourceByRef(handle.db, ref);
      if (!found) {
        console.error(`Источник не найден: ${ref.kind} ${ref.identifier}`);
        process.exitCode = 1;
      } else if (command === 'remove') {
        await removeSource(handle.db, found.id);
        console.log(`Источник удалён: ${found.identifier}`);
      } else {
        await setSourcePaused(handle.db, found.id, command === 'pause');
        console.log(`${command === 'resume' ? 'Источник снова читается' : 'Источник на паузе'}: ${found.identifier}`);
      }
    }
  }
} finally {
  await handle.close();
}
