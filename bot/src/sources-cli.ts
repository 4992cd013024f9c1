// pnpm --filter @autoradar/bot sources add <@channel|t.me/…|vk.com/club…> [title] | list | pause|resume|remove <source>
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, migrateDb } from '@autoradar/db';
import { formatSourceLink, SOURCE_STATE_LABELS } from '@autoradar/core/source-links';
import { DomainError } from '@autoradar/server/domain-error';
import {
  changeSourcePaused,
  deleteSource,
  findSourceByRef,
  listSourceSummaries,
  parseReadableSourceRef,
  registerSource,
} from '@autoradar/server/ingest/sources';

// The same service as «Источники» (apps/api/src/modules/sources): what one adds, pauses or removes, the other shows.

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
    const rows = await listSourceSummaries(handle.db);
    if (rows.length === 0) console.log('Источников пока нет');
    for (const { source: s, day } of rows) {
      console.log(
        [
          formatSourceLink(s),
          s.readVia,
          s.title || '—',
          SOURCE_STATE_LABELS[s.state],
          `за 24 ч: прочитано ${day.read}, опубликовано ${day.published}, отклонено ${day.rejected}`,
          ...(s.lastError ? [s.lastError] : []),
        ].join('\t'),
      );
    }
  } else {
    const { ref, rest } = refOf(args);
    if (!ref) {
      console.error(`Не понимаю источник: ${args.join(' ') || '(пусто)'}\n${USAGE}`);
      process.exitCode = 2;
    } else if (command === 'add') {
      try {
        const { source } = await registerSource(handle.db, {
          link: args[0] === 'vk' ? (args[1] ?? '') : (args[0] ?? ''),
          title: rest.join(' '),
          ...(args[0] === 'vk' ? { kind: 'vk' as const } : {}),
        });
        console.log(`Источник добавлен: ${source.readVia} ${source.identifier}`);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        console.error(err.message);
        process.exitCode = 1;
      }
    } else {
      const found = await findSourceByRef(handle.db, ref);
      if (!found) {
        console.error(`Источник не найден: ${ref.kind} ${ref.identifier}`);
        process.exitCode = 1;
      } else if (command === 'remove') {
        await deleteSource(handle.db, found.id);
        console.log(`Источник удалён: ${found.identifier}`);
      } else {
        await changeSourcePaused(handle.db, found.id, command === 'pause');
        console.log(`${command === 'resume' ? 'Источник снова читается' : 'Источник на паузе'}: ${found.identifier}`);
      }
    }
  }
} finally {
  await handle.close();
}
