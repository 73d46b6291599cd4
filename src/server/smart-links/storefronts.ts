// Sends a reader to their own country's store for a book, where the retailer's addresses name the
// store. Retailers whose addresses don't (Barnes & Noble), or whose stores list books under ids
// of their own (Bookshop.org's US and UK sites), keep the author's address.
import {
  amazonStorefronts,
  countryCode,
  recogniseRetailerPage,
  type Retailer,
  type RetailerPage,
} from '../products/retailers';

export interface LocalisedDestination {
  url: URL;
  /** The country whose store `url` opens (ISO 3166-1 alpha-2), or null when it doesn't say. */
  storefront: string | null;
}

type Localiser = (
  destination: URL,
  page: RetailerPage,
  country: string,
) => LocalisedDestination | undefined;

const amazonDomainsByCountry = new Map(
  Object.entries(amazonStorefronts).map(([domain, country]) => [country, domain]),
);

/** Countries without an Amazon marketplace of their own, and the neighbour's that delivers there. */
export const neighbouringAmazonMarketplaces: Readonly<Record<string, string>> = {
  AT: 'DE',
  CH: 'DE',
  LI: 'DE',
  LU: 'DE',
  IE: 'GB',
  IM: 'GB',
  JE: 'GB',
  GG: 'GB',
  MC: 'FR',
  NZ: 'AU',
};

/**
 * The countries with an Apple Books storefront we send readers to. Apple opens Books in more
 * countries from time to time; a country missing here keeps the author's storefront.
 */
const appleBooksStorefronts: ReadonlySet<string> = new Set(
  [
    ['US', 'CA', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'EC', 'CR', 'GT', 'PA', 'DO', 'UY', 'PY'],
    ['GB', 'IE', 'FR', 'DE', 'AT', 'CH', 'BE', 'LU', 'NL', 'IT', 'ES', 'PT', 'GR', 'MT', 'CY'],
    ['DK', 'SE', 'NO', 'FI', 'IS', 'PL', 'CZ', 'SK', 'HU', 'SI', 'EE', 'LV', 'LT', 'BG', 'RO'],
    ['AU', 'NZ', 'JP'],
  ].flat(),
);

/**
 * Kobo's country stores with the language of their pages (`/{country}/{language}/`). Every store
 * also has English pages, so a country not listed with a language of its own gets `en`.
 */
const koboStoreLanguages: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'ZA', 'IN', 'SG', 'MY', 'PH'].map((country) => [
      country,
      'en',
    ]),
  ),
  FR: 'fr',
  LU: 'fr',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  NL: 'nl',
  BE: 'nl',
  IT: 'it',
  ES: 'es',
  MX: 'es',
  PT: 'pt',
  BR: 'pt',
  SE: 'sv',
  NO: 'nb',
  DK: 'da',
  FI: 'fi',
  TR: 'tr',
  JP: 'ja',
  TW: 'zh',
  HK: 'zh',
};

/** The countries where Google Play sells books; elsewhere its book pages say they're unavailable. */
const googlePlayBooksStorefronts: ReadonlySet<string> = new Set(
  [
    ['US', 'CA', 'MX', 'BR', 'GB', 'IE', 'FR', 'DE', 'AT', 'BE', 'NL', 'IT', 'ES', 'PT'],
    ['DK', 'SE', 'FI', 'PL', 'CZ', 'HU', 'GR', 'RO', 'AU', 'IN', 'JP', 'KR'],
  ].flat(),
);

/** A product page, by its ASIN alone, on the marketplace that serves the country. */
const amazonProductPage: Localiser = (_destination, page, country) => {
  const storefront = neighbouringAmazonMarketplaces[country] ?? country;
  const domain = amazonDomainsByCountry.get(storefront);
  const { asin } = page.bookIds;
  if (!asin || !domain || storefront === page.storefront) return undefined;
  return { url: new URL(`https://www.${domain}/dp/${asin}`), storefront };
};

const appleBookPath = /^\/(?:[a-z]{2}\/)?((?:audio)?book\/(?:[^/]+\/)?id\d+.*)$/i;

const appleBooksPage: Localiser = (destination, _page, country) => {
  const bookPath = appleBookPath.exec(destination.pathname)?.[1];
  if (bookPath === undefined || !appleBooksStorefronts.has(country)) return undefined;
  const url = new URL(destination);
  url.pathname = `/${country.toLowerCase()}/${bookPath}`;
  return { url, storefront: country };
};

const koboBookPath = /^\/[a-z]{2}\/[a-z]{2}\/((?:e|audio)book\/[^/]+.*)$/i;

const koboPage: Localiser = (destination, _page, country) => {
  const bookPath = koboBookPath.exec(destination.pathname)?.[1];
  const language = koboStoreLanguages[country];
  if (bookPath === undefined || language === undefined) return undefined;
  const url = new URL(destination);
  url.pathname = `/${country.toLowerCase()}/${language}/${bookPath}`;
  return { url, storefront: country };
};

const googlePlayPage: Localiser = (destination, _page, country) => {
  if (!googlePlayBooksStorefronts.has(country)) return undefined;
  const url = new URL(destination);
  url.searchParams.set('gl', country);
  return { url, storefront: country };
};

const localisers: Partial<Record<Retailer, Localiser>> = {
  Amazon: amazonProductPage,
  'Apple Books': appleBooksPage,
  Kobo: koboPage,
  'Google Play': googlePlayPage,
};

/**
 * The destination on the store for the visitor's country, when its retailer has one there and
 * its address can say so; otherwise the destination as it is. Never credentials, never another
 * retailer's host.
 */
export function localiseDestination(
  destination: URL,
  visitorCountry: string | null,
): LocalisedDestination {
  const page = recogniseRetailerPage(destination);
  const country = countryCode(visitorCountry);
  const localised =
    page && country ? localisers[page.retailer]?.(destination, page, country) : undefined;
  const { url, storefront } = localised ?? {
    url: new URL(destination),
    storefront: page?.storefront ?? null,
  };
  url.username = '';
  url.password = '';
  return { url, storefront };
}
