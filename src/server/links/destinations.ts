import { ApiProblem } from '../http/api-problem';
import { contractSchema } from '../http/contract';
import { isPublicHostname } from '../net/public-address';

const maxUrlLength = 2048;

/** The schemes a link may lead to, and the only ones readers are ever redirected to. */
export function isWebProtocol(protocol: string): boolean {
  return protocol === 'http:' || protocol === 'https:';
}

/** The contract's own rule for a destination (`DestinationUrl`'s pattern), read from it. */
const destinationPattern = new RegExp(contractSchema('DestinationUrl').pattern ?? '');

/** Why a parsed address may not be a link's destination, if it may not. */
function destinationProblem(parsed: URL): string | undefined {
  if (!isWebProtocol(parsed.protocol)) return 'A link must lead to an http or https address.';
  if (parsed.username !== '' || parsed.password !== '') {
    return 'Remove the user name and password from the address.';
  }
  if (!isPublicHostname(parsed.hostname) || !destinationPattern.test(parsed.href)) {
    return 'A link must lead to a page on the public internet, at a name with a dot in it.';
  }
  // Punycode and percent-encoding can lengthen an address that was short enough as sent.
  if (parsed.href.length > maxUrlLength) {
    return `An address is at most ${maxUrlLength} characters long.`;
  }
  return undefined;
}

/**
 * An address read as browsers read it (the WHATWG URL standard: lower-case scheme and host,
 * punycode, `\` as `/`), if what they read is an http(s) page on the public internet without
 * credentials that the contract's rule accepts; otherwise why it is not one. No DNS lookup: we
 * never fetch it.
 */
export function readDestination(url: string): URL | string {
  const parsed = URL.parse(url);
  if (!parsed) return 'A link must lead to an http or https address.';
  return destinationProblem(parsed) ?? parsed;
}

/**
 * The destination a request names, exactly as it will be stored, redirected to and returned;
 * otherwise 400 at the `Url` field (or the one named) saying why. An address browsers would read differently from
 * how it is written is refused rather than rewritten, so what the author sent is what readers
 * get, and the message gives the written-out form to send instead.
 */
/** An address in a message, which the contract keeps under 500 characters. */
function shown(address: string): string {
  return address.length > 200 ? `${address.slice(0, 160)}…` : address;
}

export function checkDestination(url: string, fieldName = 'Url'): URL {
  const destination = readDestination(url);
  if (typeof destination !== 'string' && destination.href === url) return destination;
  const readAs = URL.parse(url)?.href;
  const reason = typeof destination === 'string' ? destination : 'Send it written that way.';
  const message =
    readAs !== undefined && readAs !== url
      ? `Browsers read this address as ${shown(readAs)}. ${reason}`
      : reason;
  throw ApiProblem.invalid([{ fieldName, errorCode: 'InvalidUrl', message }]);
}
