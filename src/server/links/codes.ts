import { randomInt } from 'node:crypto';
import { ApiProblem } from '../http/api-problem';

/** Where new links live; the contract's examples and the demo use it too. */
export const shortLinkDomain = 'shelf.to';

/** A link's address on the short-link host, wherever that is published. */
export function shortUrlOf(shortLinkOrigin: string, code: string): string {
  return `${shortLinkOrigin}/${code}`;
}

/** The app's own paths and names that readers could mistake for the site, never a link's code. */
const reservedCodes = new Set([
  'about',
  'account',
  'admin',
  'affiliate-disclosure',
  'api',
  'assets',
  'auth',
  'blog',
  'confirm',
  'faq',
  'feature-collections',
  'healthz',
  'help',
  'links',
  'login',
  'logout',
  'metrics',
  'privacy',
  'readyz',
  'report-link',
  's',
  'settings',
  'static',
  'terms',
  'upgrade',
  'www',
]);

export function isReservedCode(code: string): boolean {
  return reservedCodes.has(code.toLowerCase());
}

// Lower case only, since codes are unique regardless of case, and without 0/o, 1/l/i.
const codeAlphabet = '23456789abcdefghjkmnpqrstuvwxyz';
const generatedCodeLength = 7;

/** A random code: 31^7, about 27 billion, so a collision is rare and simply retried. */
export function generateCode(): string {
  let code = '';
  while (code === '' || isReservedCode(code)) {
    code = Array.from(
      { length: generatedCodeLength },
      () => codeAlphabet[randomInt(codeAlphabet.length)],
    ).join('');
  }
  return code;
}

const takenMessage = 'Sorry, that url is already taken. Please try another one.';

export function vanityCodeTaken(): ApiProblem {
  return new ApiProblem(409, 'VanityCodeTaken', takenMessage, [
    { fieldName: 'Code', errorCode: 'VanityCodeTaken', message: takenMessage },
  ]);
}
