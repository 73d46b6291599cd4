/**
 * What following a `/confirm-email/{token}` link came to. The route shows it in the token's place,
 * so the one-time token leaves the address bar and history; no token is one of these words.
 */
export const EMAIL_CONFIRMATION_OUTCOMES = [
  'confirmed',
  'expired',
  'used',
  'invalid',
  'taken',
  'failed',
] as const;

export type EmailConfirmationOutcome = (typeof EMAIL_CONFIRMATION_OUTCOMES)[number];

export function isEmailConfirmationOutcome(value: string): value is EmailConfirmationOutcome {
  return (EMAIL_CONFIRMATION_OUTCOMES as readonly string[]).includes(value);
}
