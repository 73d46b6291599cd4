import { ApiProblem } from '../http/api-problem';
import { isPublicHostname } from '../net/public-address';

const maxUrlLength = 2048;

/** The schemes a link may lead to, and the only ones readers are ever redirected to. */
export function isWebProtocol(protocol: string): boolean {
  return protocol === 'http:' || protocol === 'https:';
}

/**
 * A link's destination as it will be stored and redirected to: an http(s) page on the public
 * internet, without credentials, serialised by the WHATWG URL standard (lower-case scheme and
 * host, punycode); otherwise why it may not be one. The contract's pattern already refuses most
 * bad input; this adds what needs the parsed host, such as `http://127.0.0.1/` or `http://[::1]/`.
 * No DNS lookup: we never fetch it.
 */
export function readDestination(url: string): URL | string {
  const parsed = URL.parse(url);
  if (!parsed || !isWebProtocol(parsed.protocol)) {
    return 'A link must lead to an http or https address.';
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return 'Remove the user name and password from the address.';
  }
  if (!isPublicHostname(parsed.hostname)) {
    return 'A link must lead to a page on the public internet.';
  }
  // Punycode and percent-encoding can lengthen an address that was short enough as sent.
  if (parsed.href.length > maxUrlLength) {
    return `An address is at most ${maxUrlLength} characters long.`;
  }
  return parsed;
}

/** The destination `readDestination` gives, or 400 at the `Url` field saying why there is none. */
export function checkDestination(url: string): URL {
  const destination = readDestination(url);
  if (typeof destination === 'string') {
    throw ApiProblem.invalid([{ fieldName: 'Url', errorCode: 'InvalidUrl', message: destination }]);
  }
  return destination;
}
