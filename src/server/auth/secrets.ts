import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a cookie or an e-mailed link: 32 bytes, base64url. */
export function createSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as this hash, so a copy of the database signs nobody in. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
