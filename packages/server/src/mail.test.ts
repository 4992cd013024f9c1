import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from './testing/smtp-sink';
import { createMailer } from './mail';

describe('createMailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(() => smtp.close());

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'АвтоРадар <no-reply@autoradar.test>',
      outboxDir: '/nonexistent',
    });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'staff@autoradar.test', subject: 'Заявка 211125-437', text: 'Не работает оплата' });
    mailer.close();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('no-reply@autoradar.test');
    expect(mail!.to).toEqual(['staff@autoradar.test']);
    expect(mail!.subject).toBe('Заявка 211125-437');
    expect(mail!.text).toBe('Не работает оплата');
    expect(mail!.raw).toContain('Content-Type: text/plain; charset=utf-8');
  });

  it('writes .eml files into the outbox without SMTP_URL', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'autoradar-mail-')), 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'АвтоРадар <no-reply@localhost>', outboxDir: dir });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'staff@localhost', subject: 'Проверка', text: 'Текст письма' });
    await mailer.send({ to: 'staff@localhost', subject: 'Вторая', text: 'Ещё одно' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const raw = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    expect(raw).toContain('To: staff@localhost');
    expect(raw).toMatch(/Subject: =\?UTF-8\?/);
  });
});
