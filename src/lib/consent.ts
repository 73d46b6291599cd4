import { runtimeConfig } from '@/config/runtime-config';
import { analytics } from './analytics';
import {
  ANALYTICS_COOKIE_DAYS,
  CONSENT_COOKIE,
  deleteCookie,
  readCookie,
  setCookie,
} from './cookies';

type ConsentState = 'granted' | 'denied';
type ConsentStorage =
  | 'ad_storage'
  | 'analytics_storage'
  | 'functionality_storage'
  | 'personalization_storage'
  | 'security_storage';

export const ANALYTICS_CONSENT_COOKIE = 'shelflink_analytics_consent';

const ANALYTICS_STORAGE: ConsentStorage[] = [
  'analytics_storage',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
];
const ALL_STORAGE: ConsentStorage[] = ['ad_storage', ...ANALYTICS_STORAGE];

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function gtag(..._command: unknown[]): void {
  window.dataLayer ??= [];
  // Tag managers read the `arguments` object, not an array, from the data layer.
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

function consentFor(storage: ConsentStorage[], state: ConsentState) {
  return Object.fromEntries(storage.map((name) => [name, state])) as Record<
    ConsentStorage,
    ConsentState
  >;
}

const loadedTagManagers = new Set<string>();

function loadTagManager(id: string): void {
  if (!id || loadedTagManagers.has(id)) return;
  loadedTagManagers.add(id);
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${runtimeConfig.tagManager.host}/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/** The banner's saved choices, as it keeps them; only the accepted categories are read here. */
type SavedChoices = Record<string, unknown> & { categories: unknown[] };

/**
 * The banner's saved choices, read without loading the banner: vanilla-cookieconsent keeps them
 * in its cookie as JSON, the accepted categories under `categories` and the time of the last
 * change under `lastConsentTimestamp`.
 */
function readSavedChoices(): SavedChoices | undefined {
  try {
    const saved = readCookie(CONSENT_COOKIE);
    const choices: unknown = saved === undefined ? undefined : JSON.parse(saved);
    if (typeof choices !== 'object' || choices === null || !('categories' in choices))
      return undefined;
    return Array.isArray(choices.categories) ? (choices as SavedChoices) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the banner's saved choices accept analytics; `undefined` when no choice is saved. */
function savedAnalyticsChoice(): boolean | undefined {
  return readSavedChoices()?.categories.includes('analytics');
}

export function acceptAnalytics(): void {
  gtag('consent', 'update', consentFor(ANALYTICS_STORAGE, 'granted'));
  setCookie(ANALYTICS_CONSENT_COOKIE, 'true');
  analytics.grantConsent();
  loadTagManager(runtimeConfig.tagManager.analyticsId);
}

/**
 * Signing in grants analytics consent, and the banner's saved choices say so from then on: an
 * earlier refusal there no longer holds, a later one does.
 */
export function acceptAnalyticsAtSignIn(): void {
  acceptAnalytics();
  const saved = readSavedChoices();
  if (!saved || saved.categories.includes('analytics')) return;
  const choices = {
    ...saved,
    categories: [...saved.categories, 'analytics'],
    lastConsentTimestamp: new Date().toISOString(),
  };
  // The banner's own cookie attributes, so this replaces its cookie rather than sits beside it:
  // it names the host as the domain whenever the host name has a dot.
  const { hostname } = window.location;
  setCookie(CONSENT_COOKIE, JSON.stringify(choices), {
    days: ANALYTICS_COOKIE_DAYS,
    domain: hostname.includes('.') ? hostname : undefined,
  });
}

/** A signed-in session grants analytics consent, unless it was refused in the banner since signing in. */
export function acceptAnalyticsForSession(): void {
  if (savedAnalyticsChoice() === false) return;
  acceptAnalytics();
}

export function acceptMarketing(): void {
  gtag('consent', 'update', consentFor(ALL_STORAGE, 'granted'));
  loadTagManager(runtimeConfig.tagManager.marketingId);
}

export function revokeAnalytics(): void {
  gtag('consent', 'update', consentFor(ANALYTICS_STORAGE, 'denied'));
  deleteCookie(ANALYTICS_CONSENT_COOKIE);
  analytics.revokeConsent();
}

export function revokeMarketing(): void {
  gtag('consent', 'update', consentFor(['ad_storage'], 'denied'));
}

export function applyConsentChoices(choices: { analytics: boolean; marketing: boolean }): void {
  if (choices.analytics) acceptAnalytics();
  else revokeAnalytics();
  if (choices.marketing) acceptMarketing();
  else revokeMarketing();
}

// Consent mode starts with every kind of storage denied, and a choice for analytics saved on an
// earlier visit holds, as soon as this module runs: before any of its functions or any analytics
// call can.
gtag('consent', 'default', consentFor(ALL_STORAGE, 'denied'));
if (savedAnalyticsChoice()) analytics.grantConsent();
