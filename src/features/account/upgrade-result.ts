import type { components } from '@/api/schema';

export type UpgradeReply = components['schemas']['UpgradeReply'];

/** The headline shown once the upgrade call answers. */
export function upgradeResultMessage(reply: UpgradeReply): string {
  if (reply.alreadyUpgraded) return 'Your account is already upgraded';
  if (reply.migratedLinks === 0) return 'Your account is upgraded. There were no links to move';
  const links = reply.migratedLinks === 1 ? 'link' : 'links';
  return `We moved ${reply.migratedLinks} ${links} into Shelflink`;
}
