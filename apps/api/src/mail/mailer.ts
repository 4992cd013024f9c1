// The mailer lives in packages/server: the notification worker sends with it too.
export { createMailer, outboxDirOf, type MailMessage, type Mailer, type MailerConfig } from '@autoradar/server/mail';
