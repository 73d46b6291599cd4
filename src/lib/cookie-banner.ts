import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './cookie-banner.css';
import * as CookieConsent from 'vanilla-cookieconsent';
import { applyConsentChoices } from './consent';
import { ANALYTICS_COOKIE_DAYS, CONSENT_COOKIE } from './cookies';

export const PRIVACY_NOTICE_UPDATED = '07/06/2018';

function applyAcceptedCategories(): void {
  applyConsentChoices({
    analytics: CookieConsent.acceptedCategory('analytics'),
    marketing: CookieConsent.acceptedCategory('marketing'),
  });
}

/**
 * The consent banner: a popup on the left in the dark theme that notifies on first visit,
 * worded for California (CCPA). `autoShow` pops it up for a visitor who has not chosen yet; the
 * choice of whom to show it to is made in src/lib/visitor-tracking.ts.
 */
export async function runCookieBanner({ autoShow }: { autoShow: boolean }): Promise<void> {
  document.documentElement.classList.add('cc--darkmode');
  await CookieConsent.run({
    mode: 'opt-in',
    autoShow,
    // Shown to automated browsers too: it is also the way to change one's mind later.
    hideFromBots: false,
    cookie: { name: CONSENT_COOKIE, expiresAfterDays: ANALYTICS_COOKIE_DAYS, sameSite: 'Lax' },
    guiOptions: {
      consentModal: { layout: 'box', position: 'bottom left', equalWeightButtons: true },
      preferencesModal: { layout: 'box', equalWeightButtons: true },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: { enabled: true },
      marketing: { enabled: true },
    },
    onConsent: applyAcceptedCategories,
    onChange: applyAcceptedCategories,
    language: {
      default: 'en-US-CA',
      translations: {
        'en-US-CA': {
          consentModal: {
            title: 'Your privacy choices',
            // Kept short: the banner appears after the page, and a longer text would be the
            // largest thing on a phone's screen, which browsers then report as the page's paint.
            description: `Cookies keep you signed in and, if you agree, measure visits and show book marketing. Californians may opt out of sale or sharing at any time. <a href="/terms#privacy-notice">Privacy notice</a> (updated ${PRIVACY_NOTICE_UPDATED}).`,
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Reject optional cookies',
            showPreferencesBtn: 'Choose cookies',
          },
          preferencesModal: {
            title: 'Cookie preferences',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Reject optional cookies',
            savePreferencesBtn: 'Save my choices',
            closeIconLabel: 'Close',
            sections: [
              {
                title: 'Strictly necessary',
                description:
                  'Keep you signed in and remember these choices. They cannot be turned off.',
                linkedCategory: 'necessary',
              },
              {
                title: 'Analytics (recommended)',
                description:
                  'Count page views and sign-ins so we can see which parts of Shelflink help authors most. The analytics cookie lasts up to 365 days.',
                linkedCategory: 'analytics',
              },
              {
                title: 'Marketing',
                description:
                  'Let our advertising partners measure campaigns for Shelflink. Turning this off is how you opt out of sharing under the CCPA.',
                linkedCategory: 'marketing',
              },
              {
                title: 'More information',
                description: `Read our <a href="/terms#privacy-notice">privacy notice</a> (last updated ${PRIVACY_NOTICE_UPDATED}) or write to privacy@shelflink.app.`,
              },
            ],
          },
        },
      },
    },
  });
}

export function showCookiePreferences(): void {
  CookieConsent.showPreferences();
}
