import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { botSecretProblem } from './env';

// The bot's own process (production compose) applies the API's secret rule to what it signs with (issue 31).

const strong = '5d41402abc4b2a76b9719d911017c592aa1bb2c3d4e5f6a7';

describe('the bot process in production', () => {
  it('refuses the default REVERB_APP_SECRET, unset or written out, and a short webhook secret, naming them', () => {
    expect(botSecretProblem({ NODE_ENV: 'production' })).toMatch(
      /^Неверная настройка REVERB_APP_SECRET: в режиме production это значение по умолчанию/,
    );
    expect(botSecretProblem({ NODE_ENV: 'production', REVERB_APP_SECRET: 'autoradar-secret' })).toMatch(
      /^Неверная настройка REVERB_APP_SECRET/,
    );
    expect(botSecretProblem({ NODE_ENV: 'production', REVERB_APP_SECRET: strong, BOT_WEBHOOK_SECRET: 'abc' })).toMatch(
      /^Неверная настройка BOT_WEBHOOK_SECRET: в режиме production нужна случайная строка не короче 32/,
    );
  });

  it('accepts strong secrets, a webhook secret derived from the token, and any value outside production', () => {
    expect(botSecretProblem({ NODE_ENV: 'production', REVERB_APP_SECRET: strong })).toBeNull();
    expect(
      botSecretProblem({ NODE_ENV: 'production', REVERB_APP_SECRET: strong, BOT_WEBHOOK_SECRET: strong }),
    ).toBeNull();
    expect(botSecretProblem({})).toBeNull();
    expect(botSecretProblem({ NODE_ENV: 'development', BOT_WEBHOOK_SECRET: 'x' })).toBeNull();
  });

  it('stops the started process with exit code 1 and the line, before it touches Telegram', () => {
    const botDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: botDir,
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh',
        REVERB_APP_SECRET: 'change-me',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Неверная настройка REVERB_APP_SECRET: в режиме production это значение по умолчанию; задайте случайную строку (например, openssl rand -hex 32)',
    );
  });
});
