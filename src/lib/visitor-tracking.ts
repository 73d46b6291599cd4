import { runtimeConfig } from '@/config/runtime-config';
import { analytics } from './analytics';
import { acceptAnalyticsAtSignIn, acceptAnalyticsForSession } from './consent';
import { CONSENT_COOKIE, readCookie } from './cookies';
import { isLikelyInCalifornia } from './visitor-region';

/** A signed-in user as analytics knows them. */
export interface TrackedUser {
  userId: string;
  email: string;
}

export function trackPageView(path: string, title: string): void {
  analytics.page(path, title);
}

/**
 * At start-up: a signed-in user is identified with consent granted, unless refused in the banner
 * since signing in; a signed-out visitor anonymously.
 */
export function trackSessionStart(user: TrackedUser | undefined): void {
  if (user) {
    acceptAnalyticsForSession();
    analytics.identify(user.userId, { email: user.email });
  } else {
    analytics.identify();
  }
}

/** Signing in grants analytics consent, identifies the user and ties the visit to them. */
export function trackSignIn(user: TrackedUser): void {
  acceptAnalyticsAtSignIn();
  analytics.identify(user.userId, { email: user.email });
  analytics.alias(user.userId);
}

export function trackSignOut(): void {
  analytics.reset();
}

/**
 * The banner is for California (CCPA) alone, every country excluded: it pops up for visitors
 * there. Elsewhere the consent library loads only to apply choices made earlier through the
 * footer's 'Manage cookie preferences'.
 */
export function startCookieBanner(): void {
  if (!runtimeConfig.cookieConsent.enabled) return;
  const autoShow = isLikelyInCalifornia();
  if (!autoShow && readCookie(CONSENT_COOKIE) === undefined) return;
  void import('./cookie-banner').then(({ runCookieBanner }) => runCookieBanner({ autoShow }));
}
