// The Chromium every part of the benchmark uses: Debian's, headless, without the background
// traffic (updates, field trials) that would add noise to the measurements.
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import type { LocalCertificate } from '../support/local-certificate.ts';
import { BLANK_PNG } from '../support/third-party-receiver.ts';

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Chromium's flags, trusting the production server's local certificate when there is one. */
export function chromiumFlags(certificate?: LocalCertificate): string[] {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    ...(certificate ? [certificate.chromiumFlag] : []),
  ];
}

export function launchChromium(certificate: LocalCertificate): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags(certificate) });
}

/** The session cookie the mock accepts as a signed-in author. */
export const SESSION_COOKIE = { name: 'ss-id', value: 'bench' } as const;

/** Book covers live on an image host this machine cannot reach. */
export const COVER_IMAGES = 'https://images.shelflink.app/**';

/** A fresh context (own cache and storage), signed in or not; covers answer with a blank PNG. */
export async function newContext(
  browser: Browser,
  options: { appOrigin: string; signedIn: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx keeps function names by wrapping them in `__name(…)`, which then appears in the
  // functions handed to page.evaluate(); the page needs a stand-in for it.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  if (options.signedIn) {
    await context.addCookies([
      { ...SESSION_COOKIE, url: options.appOrigin, httpOnly: true, sameSite: 'Lax' },
    ]);
  }
  await context.route(COVER_IMAGES, (route) =>
    route.fulfill({ contentType: 'image/png', body: BLANK_PNG }),
  );
  return context;
}
