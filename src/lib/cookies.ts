export const DEFAULT_COOKIE_DAYS = 1;
export const ANALYTICS_COOKIE_DAYS = 365;
/** Where the consent banner keeps the visitor's choices. */
export const CONSENT_COOKIE = 'shelflink_consent';
const DAY_SECONDS = 24 * 60 * 60;

export function setCookie(
  name: string,
  value: string,
  {
    days = DEFAULT_COOKIE_DAYS,
    sameSite = 'Lax',
    domain,
  }: { days?: number; sameSite?: 'Lax' | 'Strict'; domain?: string } = {},
): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const domainAttribute = domain ? `; Domain=${domain}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * DAY_SECONDS}; Path=/${domainAttribute}; SameSite=${sameSite}${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(name.length + 1));
}
