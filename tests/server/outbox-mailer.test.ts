import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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

test('a recipient address holding a path writes its message inside the outbox, and nowhere else', async () => {
  const root = await mkdtemp(join(tmpdir(), 'shelflink-outbox-'));
  const outbox = join(root, 'a', 'b', 'mail');
  // Where `../../../../tmp/` from the outbox leads, so a message written there would be seen.
  await mkdir(join(root, 'tmp'));
  const mailer = outboxMailer(outbox, () => {});

  await mailer.send({
    to: 'x/../../../../tmp/pwn@a.bc',
    subject: 'Your Shelflink sign-in link',
    text: 'Follow this link to sign in: https://shelflink.app/login/abc',
    actionUrl: 'https://shelflink.app/login/abc',
  });

  const written = (await readdir(root, { recursive: true })).filter((path) =>
    path.endsWith('.eml'),
  );
  expect(written).toEqual([expect.stringMatching(/^a\/b\/mail\/[^/]*pwn@a\.bc-\w+\.eml$/)]);
  expect(written[0]).not.toContain('..');
  await rm(root, { recursive: true });
});

test('a recipient is one address, never read as a list of addresses', async () => {
  const outbox = await mkdtemp(join(tmpdir(), 'shelflink-outbox-'));
  const mailer = outboxMailer(outbox, () => {});

  await mailer.send({
    to: 'x,maya.okafor@example.com',
    subject: 'Your Shelflink sign-in link',
    text: 'Follow this link to sign in: https://shelflink.app/login/abc',
    actionUrl: 'https://shelflink.app/login/abc',
  });

  const [file] = await readdir(outbox);
  const eml = await readFile(join(outbox, file ?? ''), 'utf8');
  expect(eml).toContain('To: <"x,maya.okafor"@example.com>');
  expect(eml).not.toMatch(/^To: maya\.okafor@example\.com$/m);
  await rm(outbox, { recursive: true });
});
