// Security headers for every server of the built app: the preview server and the production
// server both call securityHeaders() with the runtime configuration they serve.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { parseRuntimeConfig, type RuntimeConfig } from '../../config/runtime-config.ts';

/** The placeholder Vite writes into index.html (`html.cspNonce`), replaced per response. */
export const NONCE_PLACEHOLDER = '__SHELFLINK_CSP_NONCE__';

export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Reads env.js the way the browser does, by running it against a stand-in window. */
export function readRuntimeConfig(envJsPath: string): RuntimeConfig {
  const sandbox: { window: { __SHELFLINK_ENV__?: unknown } } = { window: {} };
  runInNewContext(readFileSync(envJsPath, 'utf8'), sandbox);
  return parseRuntimeConfig(sandbox.window.__SHELFLINK_ENV__);
}

function originOf(value: string, base = 'https://placeholder.invalid'): string | undefined {
  if (!value) return undefined;
  try {
    const { origin } = new URL(value, base);
    return origin === new URL(base).origin ? undefined : origin;
  } catch {
    return undefined;
  }
}

function sentryOrigin(dsn: string): string | undefined {
  if (!dsn) return undefined;
  try {
    const url = new URL(dsn);
    return `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

const GOOGLE_TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/**
 * Where Google's containers send what they collect, per consent category: Google Analytics for
 * the analytics container, and the advertising endpoints too for the marketing one.
 */
const GOOGLE_COLLECT_ORIGINS = {
  analytics: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  marketing: [
    'https://*.g.doubleclick.net',
    'https://www.google.com',
    'https://www.googleadservices.com',
    'https://pagead2.googlesyndication.com',
  ],
};

/** The origins the enabled tag-manager containers send to: none when neither is configured. */
function tagManagerConnectOrigins(config: RuntimeConfig): (string | undefined)[] {
  const { host, analyticsId, marketingId, collectOrigins } = config.tagManager;
  if (!analyticsId && !marketingId) return [];
  const hostOrigin = originOf(host);
  if (collectOrigins.length > 0) return [hostOrigin, ...collectOrigins.map((url) => originOf(url))];
  if (hostOrigin !== GOOGLE_TAG_MANAGER_ORIGIN) return [hostOrigin];
  return [
    hostOrigin,
    ...GOOGLE_COLLECT_ORIGINS.analytics,
    ...(marketingId ? GOOGLE_COLLECT_ORIGINS.marketing : []),
  ];
}

/**
 * The policy for a page, with the style nonce written into that page, or without a nonce for
 * every other response (scripts, style sheets, images, API replies), which has no <style>
 * element to allow. Those responses then all carry the same headers, which HTTP/2's header
 * compression sends once per connection instead of with each of a page's dozen files.
 */
export function contentSecurityPolicy(config: RuntimeConfig, nonce?: string): string {
  const analyticsOrigin = config.analytics.writeKey
    ? originOf(`${config.analytics.protocol}://${config.analytics.apiHost}`)
    : undefined;
  const tagManagerOrigin = originOf(config.tagManager.host);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': unique(["'self'", tagManagerOrigin]),
    // Mantine writes its theme variables into a <style> element carrying this nonce; style
    // attributes set by components are allowed separately.
    'style-src-elem': nonce ? ["'self'", `'nonce-${nonce}'`] : ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', 'https:', originOf(config.avatarHost)]),
    'connect-src': unique([
      "'self'",
      originOf(config.apiBaseUrl),
      analyticsOrigin,
      sentryOrigin(config.sentry.dsn),
      ...tagManagerConnectOrigins(config),
    ]),
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export function securityHeaders(config: RuntimeConfig, nonce?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, nonce),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    // No other site's window keeps a handle on ours, and no other site embeds our responses.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
