// Reads the server's outbox folder, where it keeps each message as an `.eml` file when no SMTP
// server is set (src/server/mail/mailer.ts): `<sent at>-<to>-<id>.eml`, so sorting by name
// sorts by time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The texts of the messages to an address, newest first. */
function messagesTo(outboxDir: string, to: string): string[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir);
  } catch {
    return [];
  }
  const recipient = `-${to.toLowerCase()}-`;
  return (
    names
      .filter((name) => name.endsWith('.eml') && name.toLowerCase().includes(recipient))
      .sort()
      .reverse()
      // Quoted-printable wraps long lines with a trailing `=`.
      .map((name) => readFileSync(join(outboxDir, name), 'utf8').replaceAll('=\n', ''))
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The values of the newest link to an address that fits a path template: `/login/{token}`
 * finds `https://…/login/AbC_12` and answers `{ token: 'AbC_12' }`. Undefined when no message
 * to the address holds such a link.
 */
export function mailedLinkValues(
  outboxDir: string,
  to: string,
  pathTemplate: string,
): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = pathTemplate
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegExp(part);
      names.push(name);
      return '([A-Za-z0-9_-]+)';
    })
    .join('');
  const link = new RegExp(`https?://[^/\\s]+${pattern}`);
  for (const message of messagesTo(outboxDir, to)) {
    const match = link.exec(message);
    if (match !== null) {
      return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    }
  }
  return undefined;
}
