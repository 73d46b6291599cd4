import { runtimeConfig } from '@/config/runtime-config';
import { analytics } from './analytics';
import { deleteCookie, setCookie } from './cookies';

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

/** Consent mode starts with every kind of storage denied. */
export function setDefaultConsent(): void {
  gtag('consent', 'default', consentFor(ALL_STORAGE, 'denied'));
}

export function acceptAnalytics(): void {
  gtag('consent', 'update', consentFor(ANALYTICS_STORAGE, 'granted'));
  setCookie(ANALYTICS_CONSENT_COOKIE, 'true');
  analytics.grantConsent();
  loadTagManager(runtimeConfig.tagManager.analyticsId);
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
