import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

// Outgoing e-mail (DESIGN.md §7), shared by the API (staff notices) and the notification worker: through SMTP when SMTP_URL is set, else each message is written as an .eml file
// into a local outbox directory, so the embedded default sends nothing anywhere and a developer can open the files.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe of notification e-mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message, or the file is in the outbox. */
  send(message: MailMessage): Promise<void>;
  /** 'smtp' or 'outbox', for the start-up line and logs. */
  readonly kind: 'smtp' | 'outbox';
  close(): void;
}

export interface MailerConfig {
  smtpUrl: string | undefined;
  from: string;
  /** Where messages go without SMTP_URL (`<DATA_DIR>/outbox`). */
  outboxDir: string;
}

export function outboxDirOf(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(config: MailerConfig): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: config.from, ...message });
      await mkdir(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(config.outboxDir, name);
      // Renamed into place, so a reader of the outbox never opens half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
    },
    close: () => transport.close(),
  };
}
