// A minimal supervisor (issue 30), what compose's `restart: unless-stopped` and systemd's `Restart=on-failure` do, for
// machines with neither and for the supervision test: runs a command, and whenever it exits without being asked to
// stop, starts it again after a short pause. SIGTERM/SIGINT are passed on and end the supervisor with the child.
// Usage: node scripts/supervise.mjs [--delay-ms 1000] -- <command> [args...]
import { spawn } from 'node:child_process';
import { setTimeout } from 'node:timers';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const options = split >= 0 ? args.slice(0, split) : [];
const command = split >= 0 ? args.slice(split + 1) : args;
const delayIndex = options.indexOf('--delay-ms');
const delayMs = delayIndex >= 0 ? Number(options[delayIndex + 1]) : 1000;
if (command.length === 0) {
  console.error('Использование: node scripts/supervise.mjs [--delay-ms 1000] -- <команда> [аргументы...]');
  process.exit(2);
}

let child;
let stopping = false;
let restarts = 0;

function start() {
  child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
  console.error(JSON.stringify({ supervisor: 'started', pid: child.pid, restarts }));
  child.on('exit', (code, signal) => {
    if (stopping) process.exit(code ?? 0);
    restarts += 1;
    console.error(JSON.stringify({ supervisor: 'exited', code, signal, restartInMs: delayMs }));
    setTimeout(start, delayMs);
  });
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    if (child && child.exitCode === null) child.kill(signal);
    else process.exit(0);
  });
}

start();
