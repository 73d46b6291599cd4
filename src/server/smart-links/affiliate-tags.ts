// The query a short link's redirect puts on its destination: the author's affiliate values for
// the destination's retailer, which nothing else can set, then the link's own parameters, then
// whatever else the reader's address had. Only the query changes, so the scheme and host stay the
// destination's.
import {
  affiliateProgramList,
  identifierFor,
  programParameterNamed,
  programQuery,
  type ProgramTag,
} from '../affiliate/programs';
import { recogniseRetailerPage } from '../products/retailers';

type Parameters = Readonly<Record<string, string>>;

export interface SavedAffiliateToken {
  programGuid: string;
  parameters: Parameters;
}

export interface DestinationToTag {
  /** Where the link leads, already localised for the reader. */
  destination: URL;
  /** The link's author's saved tokens. */
  tokens: readonly SavedAffiliateToken[];
  /** The GUIDs of the programs the author switched off for the link. */
  programsOff: readonly string[];
  parameterKeyValues: Parameters;
  /** The query of the short link as the reader followed it. */
  readerQuery: URLSearchParams;
}

/** What the author's tokens put on an address: the value it carries, or the one it lacks. */
export interface AddressTagging {
  tag: (ProgramTag & { programGuid: string }) | null;
  missingTag: { programGuid: string; parameter: string } | null;
}

/** Sets the one value of a parameter, whatever the case of the names it replaces. */
function setParameter(query: URLSearchParams, name: string, value: string): void {
  const key = name.toLowerCase();
  for (const existing of [...query.keys()]) {
    if (existing.toLowerCase() === key) query.delete(existing);
  }
  query.append(name, value);
}

/**
 * The program that pays for an address, when the author has not switched it off for the link,
 * with the query the author's token adds there and the value it carries or lacks. A program
 * tags only its own retailer's addresses, and a marketplace only with its own value.
 */
function affiliateTagging(
  url: URL,
  tokens: readonly SavedAffiliateToken[],
  programsOff: readonly string[],
): AddressTagging & { query: [string, string][] } {
  const none = { tag: null, missingTag: null, query: [] };
  const page = recogniseRetailerPage(url);
  const program = page && affiliateProgramList.find(({ retailer }) => retailer === page.retailer);
  if (!page || !program) return none;
  if (programsOff.some((guid) => guid.toLowerCase() === program.guid)) return none;
  const token = tokens.find(({ programGuid }) => programGuid.toLowerCase() === program.guid);
  const { tag, query } = programQuery(program, token?.parameters ?? {}, page.storefront);
  if (tag) return { tag: { programGuid: program.guid, ...tag }, missingTag: null, query };
  const identifier = identifierFor(program, page.storefront);
  const missingTag = identifier ? { programGuid: program.guid, parameter: identifier.name } : null;
  return { tag: null, missingTag, query: [] };
}

/** The affiliate value an address carries for readers, or the parameter the author lacks. */
export function addressTagging(
  url: URL,
  tokens: readonly SavedAffiliateToken[],
  programsOff: readonly string[],
): AddressTagging {
  const { tag, missingTag } = affiliateTagging(url, tokens, programsOff);
  return { tag, missingTag };
}

/**
 * The address a short link redirects the reader to. No program's parameter is ever taken from
 * the destination, the link's parameters or the reader's query: only the author's token for
 * the retailer of the address sets one, and a program switched off for the link sets none. The
 * link's own parameters come before the reader's, which pass through where nobody has a say.
 */
export function tagDestination({
  destination,
  tokens,
  programsOff,
  parameterKeyValues,
  readerQuery,
}: DestinationToTag): URL {
  const url = new URL(destination);
  const query = url.searchParams;
  for (const name of [...query.keys()]) {
    if (programParameterNamed(name)) query.delete(name);
  }
  for (const [name, value] of affiliateTagging(url, tokens, programsOff).query) {
    query.append(name, value);
  }
  for (const [name, value] of Object.entries(parameterKeyValues)) {
    if (!programParameterNamed(name)) setParameter(query, name, value);
  }
  const taken = new Set([...query.keys()].map((name) => name.toLowerCase()));
  for (const [name, value] of readerQuery) {
    if (!taken.has(name.toLowerCase()) && !programParameterNamed(name)) query.append(name, value);
  }
  return url;
}
