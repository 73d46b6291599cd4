// The query a short link's redirect puts on its destination: the author's affiliate values for the
// programs the link carries, then the link's own parameters, then whatever else the reader's
// address had. Only the query changes, so the scheme and host stay the destination's.
import { affiliatePrograms, type AffiliateProgram } from '../affiliate/programs';
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
  /** The GUIDs of the programs the link carries. */
  affiliatePrograms: readonly string[];
  parameterKeyValues: Parameters;
  /** The query of the short link as the reader followed it. */
  readerQuery: URLSearchParams;
}

/** Every parameter some program pays by, lower-cased: a reader's query never sets one of these. */
const affiliateParameterNames: ReadonlySet<string> = new Set(
  [...affiliatePrograms.values()].flatMap(({ parameter, optionalParameters }) =>
    [parameter, ...optionalParameters].map((name) => name.toLowerCase()),
  ),
);

/**
 * The author's tracking id for the Amazon marketplace: its own (`tag_GB`), or `tag` on amazon.com.
 * Associates earn only through the marketplace's own id, so a marketplace the author has no id for
 * gets no tag rather than another marketplace's.
 */
function amazonTag(parameters: Parameters, storefront: string | null): string | undefined {
  if (storefront === null) return undefined;
  return parameters[`tag_${storefront}`] ?? (storefront === 'US' ? parameters.tag : undefined);
}

/** The token's values for an address on the storefront; none without the one the program needs. */
function affiliateQuery(
  program: AffiliateProgram,
  parameters: Parameters,
  storefront: string | null,
): [string, string][] {
  const identifier = (
    program.retailer === 'Amazon'
      ? amazonTag(parameters, storefront)
      : parameters[program.parameter]
  )?.trim();
  if (!identifier) return [];
  const optional = program.optionalParameters.flatMap((name): [string, string][] => {
    const value = parameters[name]?.trim();
    return value ? [[name, value]] : [];
  });
  return [[program.parameter, identifier], ...optional];
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
 * The address a short link redirects the reader to. Each program the link carries adds the
 * author's values only on its own retailer's addresses. The link's own parameters come next and
 * win over the token, being the author's choice for this link. The reader's parameters pass
 * through only where neither the destination, the author nor any affiliate program has a say.
 */
export function tagDestination({
  destination,
  tokens,
  affiliatePrograms: linkPrograms,
  parameterKeyValues,
  readerQuery,
}: DestinationToTag): URL {
  const url = new URL(destination);
  const page = recogniseRetailerPage(url);
  const carried = new Set(linkPrograms.map((guid) => guid.toLowerCase()));
  for (const { programGuid, parameters } of tokens) {
    const guid = programGuid.toLowerCase();
    const program = affiliatePrograms.get(guid);
    if (!program || !page || program.retailer !== page.retailer || !carried.has(guid)) continue;
    for (const [name, value] of affiliateQuery(program, parameters, page.storefront)) {
      setParameter(url.searchParams, name, value);
    }
  }
  for (const [name, value] of Object.entries(parameterKeyValues)) {
    setParameter(url.searchParams, name, value);
  }
  const taken = new Set([...url.searchParams.keys()].map((name) => name.toLowerCase()));
  for (const [name, value] of readerQuery) {
    const key = name.toLowerCase();
    if (!taken.has(key) && !affiliateParameterNames.has(key)) url.searchParams.append(name, value);
  }
  return url;
}
