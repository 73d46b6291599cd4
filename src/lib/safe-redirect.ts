const PLACEHOLDER_ORIGIN = 'https://shelflink.invalid';
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const ASCII_CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

function isPlainSameOriginPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    !ASCII_CONTROL_CHARACTER.test(path)
  );
}

/**
 * The `redirect` target of `/login?redirect=…` if it is a path on this site, else `fallback`.
 * Browsers strip tabs and newlines and read `\` as `/`, so `/\evil.com` or `/\t/evil.com` would
 * leave the site; those are refused outright rather than cleaned up.
 */
export function safeRedirectTarget(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !isPlainSameOriginPath(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a leading `//` (`/.//evil.com` parses to `//evil.com`).
  return isPlainSameOriginPath(target) ? target : fallback;
}
