import { randomBytes } from 'node:crypto';

/** A public id such as `ses_3q2Vx…`: the prefix says what it names. */
export function createId(prefix: 'ses' | 'lnk' | 'col' | 'img'): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
