/** The footer's 'Manage cookie preferences': the banner's preferences, over the page. */
export function openCookiePreferences(): void {
  void import('@/lib/cookie-banner').then(async ({ runCookieBanner, showCookiePreferences }) => {
    await runCookieBanner({ autoShow: false });
    showCookiePreferences();
  });
}
