import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { linkMailedTo, signInByEmail, useRealProduct } from '../support/real-product';

// An author moves their account to another e-mail address against the real product: the new
// address confirms through the link in the outbox, and the old one stays in force until then.

const OLD_EMAIL = 'rowan.hale@example.org';
const NEW_EMAIL = 'rowan@halebooks.example';
const PENDING_NOTICE = 'Waiting for you to confirm your new e-mail address';

const product = useRealProduct('email-change');

async function expectNoAxeViolationsAtRest(page: Page) {
  // Hover colours are not what the reader sees at rest.
  await page.mouse.move(0, 0);
  await expectNoAxeViolationsInBothSchemes(page, { include: 'main' });
}

async function openAccount(page: Page) {
  await page.goto(`${product.origin}/account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
}

async function askForAddress(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Save changes' }).click();
}

/** The newest confirmation link in the outbox for the address, once one other than `after`. */
async function newConfirmationLink(email: string, after?: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      try {
        link = linkMailedTo(product, email, '/confirm-email/');
      } catch {
        link = '';
      }
      return link !== '' && link !== after;
    })
    .toBe(true);
  return link;
}

async function signedInEmail(page: Page): Promise<string | null> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const email = await page.getByTestId('signed-in-email').textContent();
  await page.keyboard.press('Escape');
  return email;
}

test('a new address takes over only once its link is followed', async ({ page }) => {
  // A whole journey on the real product: more than 30 s on a busy 2-core machine.
  test.slow();
  await signInByEmail(page, product, OLD_EMAIL);
  await openAccount(page);

  await askForAddress(page, NEW_EMAIL);
  const waiting = `We sent a confirmation link to ${NEW_EMAIL}. Your e-mail stays ${OLD_EMAIL} until you confirm.`;
  const notice = page.getByRole('region', { name: PENDING_NOTICE });
  await expect(notice).toContainText(waiting);
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(OLD_EMAIL);
  const firstLink = await newConfirmationLink(NEW_EMAIL);
  await expectNoAxeViolationsAtRest(page);

  // Asking again replaces the link.
  await notice.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('Confirmation link sent again')).toBeVisible();
  const link = await newConfirmationLink(NEW_EMAIL, firstLink);
  await page.reload();
  await expect(page.getByRole('region', { name: PENDING_NOTICE })).toContainText(waiting);
  expect(await signedInEmail(page)).toBe(OLD_EMAIL);

  await page.goto(firstLink);
  await expect(page).toHaveURL(`${product.origin}/confirm-email/invalid`);
  await expect(page.getByText('This confirmation link is not valid')).toBeVisible();

  await page.goto(link);
  await expect(page).toHaveURL(`${product.origin}/confirm-email/confirmed`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'E-mail address confirmed' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    `Shelflink now sends sign-in links and reports to ${NEW_EMAIL}`,
  );
  await expectNoAxeViolationsAtRest(page);
  expect(await signedInEmail(page)).toBe(NEW_EMAIL);
  // The token left history: going back returns to the invalid link's outcome, not to the token.
  await page.goBack();
  await expect(page).toHaveURL(`${product.origin}/confirm-email/invalid`);

  await page.goto(`${product.origin}/confirm-email/confirmed`);
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(NEW_EMAIL);
  await expect(page.getByRole('region', { name: PENDING_NOTICE })).toHaveCount(0);

  await page.goto(link);
  await expect(page).toHaveURL(`${product.origin}/confirm-email/used`);
  await expect(page.getByText('This confirmation link was already used')).toBeVisible();
});

test('a pending change can be cancelled, and its link then fails', async ({ page }) => {
  const other = 'rowan@elsewhere.example';
  await signInByEmail(page, product, NEW_EMAIL);
  await openAccount(page);
  await askForAddress(page, other);
  const notice = page.getByRole('region', { name: PENDING_NOTICE });
  await expect(notice).toContainText(`We sent a confirmation link to ${other}.`);
  const link = await newConfirmationLink(other);

  await notice.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(page.getByText('Change cancelled')).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Opened signed out, in another browser: the page still says what happened and what to do.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(`${product.origin}/confirm-email/invalid`);
  await expect(page.getByText('This confirmation link is not valid')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolationsAtRest(page);
});
