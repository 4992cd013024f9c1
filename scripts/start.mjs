// `pnpm start`: build both apps, then run the API (which migrates, seeds and serves them). Signals pass through,
// so Ctrl+C stops the server gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pnpmArgs = (args) =>
  process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath, ...args]] : ['pnpm', args];

const [cmd, args] = pnpmArgs(['build']);
console.log('Сборка веб-приложения и мини-приложения…');
const build = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  console.error('Сборка не удалась: подробности выше');
  process.exit(1);
}

const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: `${root}apps/api`, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
