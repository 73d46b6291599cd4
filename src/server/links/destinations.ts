import { ApiProblem } from '../http/api-problem';
import { isPublicHostname } from '../net/public-address';

const maxUrlLength = 2048;

function invalidUrl(message: string): ApiProblem {
  return ApiProblem.invalid([{ fieldName: 'Url', errorCode: 'InvalidUrl', message }]);
}

/**
 * A link's destination as it will be stored and redirected to: an http(s) page on the public
 * internet, without credentials, serialised by the WHATWG URL standard (lower-case scheme and
 * host, punycode). The contract's pattern already refuses most bad input; this adds what needs
 * the parsed host, such as `http://127.0.0.1/` or `http://[::1]/`. No DNS lookup: we never fetch it.
 */
export function checkDestination(url: string): URL {
  const parsed = URL.parse(url);
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    throw invalidUrl('A link must lead to an http or https address.');
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw invalidUrl('Remove the user name and password from the address.');
  }
  if (!isPublicHostname(parsed.hostname)) {
    throw invalidUrl('A link must lead to a page on the public internet.');
  }
  // Punycode and percent-encoding can lengthen an address that was short enough as sent.
  if (parsed.href.length > maxUrlLength) {
    throw invalidUrl(`An address is at most ${maxUrlLength} characters long.`);
  }
  return parsed;
}
