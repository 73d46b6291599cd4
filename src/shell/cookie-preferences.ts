import { runtimeConfig } from '@/config/runtime-config';
import { CONSENT_COOKIE, readCookie } from '@/lib/cookies';
import { isLikelyInCalifornia } from '@/lib/visitor-region';

/**
 * The banner is for California (CCPA) alone, every country excluded: it pops up for visitors
 * there. Elsewhere the consent library loads only to apply choices made earlier through the
 * footer's 'Manage cookie preferences'. It loads after the first paint either way.
 */
export function startCookieBanner(): void {
  if (!runtimeConfig.cookieConsent.enabled) return;
  const autoShow = isLikelyInCalifornia();
  if (!autoShow && readCookie(CONSENT_COOKIE) === undefined) return;
  void import('@/lib/cookie-banner').then(({ runCookieBanner }) => runCookieBanner({ autoShow }));
}

export function openCookiePreferences(): void {
  void import('@/lib/cookie-banner').then(async ({ runCookieBanner, showCookiePreferences }) => {
    await runCookieBanner({ autoShow: false });
    showCookiePreferences();
  });
}
