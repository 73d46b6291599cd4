import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the message asks its reader to follow. */
  actionUrl: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const from = 'Shelflink <no-reply@shelflink.app>';

/** SMTP when `smtpUrl` is set; otherwise an outbox folder of `.eml` files. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'outboxDir'>): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(config.outboxDir);
}

function smtpMailer(url: string): Mailer {
  const transport = createTransport(url);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

/** For development: keeps each message as a file and prints its link. */
export function outboxMailer(
  directory: string,
  print: (line: string) => void = console.info,
): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, actionUrl }) {
      const { message } = await transport.sendMail({ from, to, subject, text });
      await mkdir(directory, { recursive: true });
      const sentAt = new Date().toISOString().replaceAll(':', '-');
      const file = join(directory, `${sentAt}-${to}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, message);
      print(`Mail to ${to} (${file}): ${subject}\n  ${actionUrl}`);
    },
  };
}
