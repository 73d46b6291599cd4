import { md5 } from 'js-md5';
import { runtimeConfig } from '@/config/runtime-config';

/** The avatar service's image for an e-mail, falling back to a retro-style generated picture. */
export function avatarUrl(email: string, size = 80): string {
  const hash = md5(email.trim().toLowerCase());
  return `${runtimeConfig.avatarHost}/avatar/${hash}?d=retro&s=${size}`;
}
