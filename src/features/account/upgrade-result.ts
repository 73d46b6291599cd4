import type { components } from '@/api/schema';

export type UpgradeReply = components['schemas']['UpgradeReply'];

/** The headline shown once the upgrade call answers. */
export function upgradeResultMessage(reply: UpgradeReply): string {
  if (reply.alreadyUpgraded) return 'Your account is already upgraded';
  if (reply.migratedLinks === 0) {
    return reply.skippedLinks === 0
      ? 'Your account is upgraded. There were no links to move'
      : 'Your account is upgraded, but none of your links could move';
  }
  const links = reply.migratedLinks === 1 ? 'link' : 'links';
  return `We moved ${reply.migratedLinks} ${links} into Shelflink`;
}

/** Why some old links did not move, when some did not; nothing otherwise. */
export function skippedLinksNote({ skippedLinks }: UpgradeReply): string | undefined {
  if (skippedLinks === 0) return undefined;
  const [count, pronoun] =
    skippedLinks === 1 ? ['1 old link was', 'it'] : [`${skippedLinks} old links were`, 'them'];
  return (
    `${count} left behind: Shelflink sends readers only to public web pages (http:// or https://). ` +
    `Create ${pronoun} again with a web page's address if you still need ${pronoun}.`
  );
}
