import { runtimeConfig } from '@/config/runtime-config';

/** The consent library is loaded after first paint, so the banner never weighs on it. */
export function startCookieBanner(): void {
  if (!runtimeConfig.cookieConsent.enabled) return;
  void import('@/lib/cookie-banner').then(({ runCookieBanner }) => runCookieBanner());
}

export function openCookiePreferences(): void {
  void import('@/lib/cookie-banner').then(async ({ runCookieBanner, showCookiePreferences }) => {
    await runCookieBanner();
    showCookiePreferences();
  });
}
