import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { ConfigError, readConfig } from '../../src/server/config';

describe('readConfig', () => {
  test('has defaults for local development', () => {
    expect(readConfig({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: '.shelflink-data',
      smtpUrl: undefined,
      outboxDir: '.shelflink-data/outbox',
      appOrigin: 'http://127.0.0.1:5173',
      adminEmails: new Set(),
      trustedProxies: [],
    });
  });

  test('reads every setting', () => {
    const config = readConfig({
      PORT: '8787',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://shelflink:secret@db.internal:5432/shelflink',
      DATA_DIR: '/var/lib/shelflink',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com',
      APP_ORIGIN: 'https://shelflink.app/',
      ADMIN_EMAILS: ' Ines.Duarte@shelflink.app, ops@shelflink.app ,',
      TRUSTED_PROXIES: 'loopback, 10.0.0.0/8',
    });

    expect(config).toMatchObject({
      port: 8787,
      host: '0.0.0.0',
      databaseUrl: 'postgres://shelflink:secret@db.internal:5432/shelflink',
      dataDir: '/var/lib/shelflink',
      smtpUrl: 'smtps://mailer:secret@smtp.example.com',
      outboxDir: '/var/lib/shelflink/outbox',
      appOrigin: 'https://shelflink.app',
      adminEmails: new Set(['ines.duarte@shelflink.app', 'ops@shelflink.app']),
      trustedProxies: ['loopback', '10.0.0.0/8'],
    });
  });

  test('reports every malformed value at once', () => {
    const read = () =>
      readConfig({
        PORT: '80a',
        DATABASE_URL: 'mysql://localhost/shelflink',
        SMTP_URL: 'smtp.example.com',
        APP_ORIGIN: 'https://shelflink.app/app',
        ADMIN_EMAILS: 'ines.duarte@shelflink.app,ops',
        TRUSTED_PROXIES: 'the-proxy',
      });

    expect(read).toThrow(ConfigError);
    expect(read).toThrow(
      [
        'Invalid configuration:',
        '  - PORT must be a whole number from 0 to 65535, not "80a".',
        '  - DATABASE_URL must be a postgres:// or postgresql:// URL, not "mysql://localhost/shelflink".',
        '  - SMTP_URL must be a smtp:// or smtps:// URL, not "smtp.example.com".',
        '  - APP_ORIGIN must be an origin without a path, such as https://shelflink.app.',
        '  - ADMIN_EMAILS must list e-mail addresses separated by commas; "ops" is not one.',
        '  - TRUSTED_PROXIES must list proxy addresses or ranges; "the-proxy" is not one.',
      ].join('\n'),
    );
  });
});

test('the server exits with the configuration problem instead of starting', async () => {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: 'eighty' },
  });

  await expect(run).rejects.toHaveProperty('code', 1);
  await expect(run).rejects.toHaveProperty(
    'stderr',
    expect.stringContaining('PORT must be a whole number from 0 to 65535, not "eighty".'),
  );
});
