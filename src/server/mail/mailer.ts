import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
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
      await transport.sendMail({ from, to: { name: '', address: to }, subject, text });
    },
  };
}

/** Keeps a file name under the 255 bytes most file systems allow, for the longest addresses. */
const maxAddressInFileName = 200;

/**
 * The recipient as it appears in an outbox file's name: an ordinary address unchanged, so the
 * files can be found by address, and anything that could leave the folder (`/`, `..`) replaced.
 */
function addressInFileName(to: string): string {
  return to
    .replaceAll(/[^A-Za-z0-9@._+-]/g, '_')
    .replaceAll(/\.{2,}/g, '_')
    .slice(0, maxAddressInFileName);
}

/**
 * For development: keeps each message as a file, named `<sent at>-<to>-<id>.eml` so that sorting
 * by name sorts by time, and prints its link.
 */
export function outboxMailer(
  directory: string,
  print: (line: string) => void = console.info,
): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, actionUrl }) {
      const { message } = await transport.sendMail({
        from,
        to: { name: '', address: to },
        subject,
        text,
      });
      await mkdir(directory, { recursive: true });
      const sentAt = new Date().toISOString().replaceAll(':', '-');
      const name = `${sentAt}-${addressInFileName(to)}-${randomUUID().slice(0, 8)}.eml`;
      const file = resolve(directory, name);
      if (dirname(file) !== resolve(directory)) {
        throw new Error(`The outbox file for ${to} would be outside ${directory}`);
      }
      await writeFile(file, message);
      print(`Mail to ${to} (${file}): ${subject}\n  ${actionUrl}`);
    },
  };
}
