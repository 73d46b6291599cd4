// Security headers for every server of the built app: the preview server and the production
// server both call securityHeaders() with the runtime configuration they serve.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { parseRuntimeConfig, type RuntimeConfig } from '../src/config/runtime-config.ts';

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
      tagManagerOrigin,
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
  };
}
