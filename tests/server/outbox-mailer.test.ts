import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { outboxMailer } from '../../src/server/mail/mailer';

test('without SMTP, each message is written as an .eml file and its link printed', async () => {
  const outbox = await mkdtemp(join(tmpdir(), 'shelflink-outbox-'));
  const printed: string[] = [];
  const mailer = outboxMailer(join(outbox, 'mail'), (line) => printed.push(line));

  await mailer.send({
    to: 'maya.okafor@example.com',
    subject: 'Your Shelflink sign-in link',
    text: 'Follow this link to sign in: https://shelflink.app/login/abc',
    actionUrl: 'https://shelflink.app/login/abc',
  });

  const [file, ...others] = await readdir(join(outbox, 'mail'));
  expect(others).toEqual([]);
  expect(file).toMatch(/maya\.okafor@example\.com-\w+\.eml$/);
  const eml = await readFile(join(outbox, 'mail', file ?? ''), 'utf8');
  expect(eml).toContain('To: maya.okafor@example.com');
  expect(eml).toContain('Subject: Your Shelflink sign-in link');
  expect(printed.join('\n')).toContain('https://shelflink.app/login/abc');
  await rm(outbox, { recursive: true });
});
