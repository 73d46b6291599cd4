import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import {
  contentSecurityPolicy,
  createNonce,
  readRuntimeConfig,
  securityHeaders,
} from '../../../src/server/web-app/security-headers';

const NONCE = 'bm9uY2UtZm9yLXRlc3Rz';

/** The policy as a map from directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

function configWith(overrides: Record<string, unknown>): RuntimeConfig {
  return parseRuntimeConfig(overrides);
}

const defaults = configWith({});

const thirdParties = configWith({
  apiBaseUrl: 'https://api.shelflink.app/v2',
  sentry: { dsn: 'https://public@o123.ingest.sentry.io/4506' },
  analytics: { writeKey: 'write-key', apiHost: 'events.example.net/v1', protocol: 'https' },
  tagManager: { host: 'https://tags.example.com', analyticsId: 'GTM-ANALYTICS' },
});

describe('the Content-Security-Policy', () => {
  test('allows scripts only from the site and the configured tag manager', () => {
    const policy = directives(contentSecurityPolicy(thirdParties, NONCE));

    expect(policy.get('script-src')).toEqual(["'self'", 'https://tags.example.com']);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  test('shuts out plugins, base-tag rewrites and framing', () => {
    const policy = directives(contentSecurityPolicy(defaults, NONCE));

    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  test('lets style elements in only with the response nonce', () => {
    const policy = directives(contentSecurityPolicy(defaults, NONCE));

    expect(policy.get('style-src-elem')).toEqual(["'self'", `'nonce-${NONCE}'`]);
    expect(policy.get('style-src-elem')).not.toContain("'unsafe-inline'");
  });

  test('without a nonce, for responses other than pages, lets in style sheets from the site only', () => {
    const policy = directives(contentSecurityPolicy(defaults));

    expect(policy.get('style-src-elem')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(
      directives(contentSecurityPolicy(defaults, NONCE)).get('script-src'),
    );
    expect(contentSecurityPolicy(defaults)).toBe(contentSecurityPolicy(defaults));
  });

  test('connect-src lists the API, analytics, Sentry and tag-manager origins', () => {
    const connect = directives(contentSecurityPolicy(thirdParties, NONCE)).get('connect-src');

    expect(connect).toEqual([
      "'self'",
      'https://api.shelflink.app',
      'https://events.example.net',
      'https://o123.ingest.sentry.io',
      'https://tags.example.com',
    ]);
  });

  test("connect-src lets Google's containers reach their collection endpoints, per category", () => {
    const host = 'https://www.googletagmanager.com';
    const analyticsOnly = directives(
      contentSecurityPolicy(configWith({ tagManager: { host, analyticsId: 'GTM-A' } })),
    ).get('connect-src');
    const withMarketing = directives(
      contentSecurityPolicy(
        configWith({ tagManager: { host, analyticsId: 'GTM-A', marketingId: 'GTM-M' } }),
      ),
    ).get('connect-src');

    expect(analyticsOnly).toEqual(
      expect.arrayContaining([
        host,
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
      ]),
    );
    expect(analyticsOnly).not.toContain('https://*.g.doubleclick.net');
    expect(withMarketing).toEqual(
      expect.arrayContaining(['https://*.google-analytics.com', 'https://*.g.doubleclick.net']),
    );
  });

  test('connect-src lists the collection origins a deployment configures for its containers', () => {
    const config = configWith({
      tagManager: {
        host: 'https://tags.example.com',
        marketingId: 'GTM-M',
        collectOrigins: ['https://collect.example.com/g', 'https://ads.example.net'],
      },
    });

    const connect = directives(contentSecurityPolicy(config)).get('connect-src');

    expect(connect).toEqual([
      "'self'",
      'https://tags.example.com',
      'https://collect.example.com',
      'https://ads.example.net',
    ]);
  });

  test('connect-src opens nothing for a tag manager with no container configured', () => {
    const config = configWith({ tagManager: { host: 'https://tags.example.com' } });

    const connect = directives(contentSecurityPolicy(config)).get('connect-src');

    expect(connect).toEqual(["'self'"]);
  });

  test('connect-src adds nothing for a same-origin API and unconfigured services', () => {
    const config = configWith({ tagManager: { host: '' } });

    const connect = directives(contentSecurityPolicy(config, NONCE)).get('connect-src');

    expect(config.apiBaseUrl).toBe('/api');
    expect(connect).toEqual(["'self'"]);
  });

  test('analytics without a write key opens no connection', () => {
    const config = configWith({
      analytics: { writeKey: '', apiHost: 'events.example.net/v1', protocol: 'https' },
    });

    const connect = directives(contentSecurityPolicy(config, NONCE)).get('connect-src');

    expect(connect).not.toContain('https://events.example.net');
  });
});

describe('securityHeaders', () => {
  test('carry the policy, a strict referrer policy and nosniff', () => {
    const headers = securityHeaders(thirdParties, NONCE);

    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy(thirdParties, NONCE));
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Frame-Options']).toBe('DENY');
  });

  test('keep other sites from holding our window or embedding our responses', () => {
    const headers = securityHeaders(defaults);

    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(headers['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });

  test('a new nonce each time, each a base64 encoding of 16 random bytes', () => {
    const nonces = new Set(Array.from({ length: 20 }, () => createNonce()));

    expect(nonces.size).toBe(20);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
  });
});

describe('readRuntimeConfig', () => {
  test('reads public/env.js the way the browser runs it', () => {
    const envJs = resolve(process.cwd(), 'public/env.js');

    const config = readRuntimeConfig(envJs);

    expect(config.apiBaseUrl).toBe('/api');
    expect(config.tagManager.host).toBe('https://www.googletagmanager.com');
    expect(config.avatarHost).toBe('https://www.gravatar.com');
    const policy = directives(contentSecurityPolicy(config, NONCE));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(policy.get('img-src')).toContain('https://www.gravatar.com');
  });
});
