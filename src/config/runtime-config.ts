import * as v from 'valibot';

const runtimeConfigSchema = v.object({
  environment: v.optional(v.string(), 'production'),
  apiBaseUrl: v.optional(v.string(), '/api'),
  blogUrl: v.optional(v.pipe(v.string(), v.url()), 'https://blog.shelflink.app'),
  avatarHost: v.optional(v.pipe(v.string(), v.url()), 'https://www.gravatar.com'),
  sentry: v.optional(
    v.object({
      dsn: v.optional(v.string(), ''),
      tracesSampleRate: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1)), 1),
    }),
    {},
  ),
  analytics: v.optional(
    v.object({
      writeKey: v.optional(v.string(), ''),
      apiHost: v.optional(v.string(), 'api.segment.io/v1'),
      protocol: v.optional(v.picklist(['http', 'https']), 'https'),
    }),
    {},
  ),
  tagManager: v.optional(
    v.object({
      host: v.optional(v.string(), 'https://www.googletagmanager.com'),
      analyticsId: v.optional(v.string(), ''),
      marketingId: v.optional(v.string(), ''),
      /**
       * Where the containers send what they collect, for the Content-Security-Policy's
       * connect-src. Empty means the host's own origin, plus Google's collection endpoints when
       * the host is Google's tag manager.
       */
      collectOrigins: v.optional(v.array(v.pipe(v.string(), v.url())), []),
    }),
    {},
  ),
  cookieConsent: v.optional(v.object({ enabled: v.optional(v.boolean(), true) }), {}),
});

export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;

declare global {
  interface Window {
    __SHELFLINK_ENV__?: unknown;
  }
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const result = v.safeParse(runtimeConfigSchema, raw ?? {});
  if (result.success) return result.output;
  console.error('Ignoring an invalid /env.js:', v.flatten(result.issues));
  return v.parse(runtimeConfigSchema, {});
}

export const runtimeConfig: RuntimeConfig = parseRuntimeConfig(
  typeof window === 'undefined' ? undefined : window.__SHELFLINK_ENV__,
);
