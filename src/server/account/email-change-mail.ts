// The messages a change of e-mail address sends. Only the one to the new address carries the
// confirmation link; the others point at pages where the reader signs in first.
import type { MailMessage } from '../mail/mailer';

export const emailChangeLifetimeHours = 24;

/** To the new address: the one-time link that moves the account to it. */
export function confirmationMessage(to: string, currentEmail: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new Shelflink e-mail address',
    actionUrl: link,
    text: [
      'Hello,',
      '',
      `You asked to move your Shelflink account from ${currentEmail} to this address. Follow this link to confirm:`,
      '',
      link,
      '',
      `It works once, within ${emailChangeLifetimeHours} hours. Until then your account keeps using ${currentEmail}.`,
      'If you did not ask for this, you can ignore this e-mail: nothing changes.',
      '',
    ].join('\n'),
  };
}

/**
 * To a new address that already has an account: the request's reply does not say so (as a
 * sign-in link does not), so only the mailbox's owner learns it.
 */
export function addressTakenMessage(
  to: string,
  currentEmail: string,
  signInUrl: string,
): MailMessage {
  return {
    to,
    subject: 'Your Shelflink e-mail address was not changed',
    actionUrl: signInUrl,
    text: [
      'Hello,',
      '',
      `Someone asked to move the Shelflink account of ${currentEmail} to this address, but this address already has a Shelflink account, so it cannot be used for another one.`,
      '',
      'To use that account, sign in with this address:',
      '',
      signInUrl,
      '',
      'If you did not ask for this, you can ignore this e-mail: nothing changes.',
      '',
    ].join('\n'),
  };
}

/** To the address in force: a change was asked, and where to cancel it. No link acts on it. */
export function changeNoticeMessage(to: string, newEmail: string, accountUrl: string): MailMessage {
  return {
    to,
    subject: 'A change of your Shelflink e-mail address was asked',
    actionUrl: accountUrl,
    text: [
      'Hello,',
      '',
      `Someone signed in to your Shelflink account asked to change its e-mail address to ${newEmail}. We sent a confirmation link there; your account keeps using this address until it is followed.`,
      '',
      'If this was not you, sign in and cancel the change on your account page, then sign out of the browsers you do not know:',
      '',
      accountUrl,
      '',
    ].join('\n'),
  };
}
