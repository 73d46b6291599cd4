import dayjs from 'dayjs';
import type { components } from '@/api/schema';
import { shortLinkLabel } from '@/lib/short-link';

type LinkReport = components['schemas']['LinkReport'];

const MAX_DAYS = 366;
const DAY_LABEL_FORMAT = 'MMM D';

export interface DailyPoint {
  /** The day as shown on the chart's axis, e.g. 'Oct 22'. */
  date: string;
  isoDate: string;
  clicks: number;
}

/**
 * One point a day from `from` to `to`, with days the report leaves out counted as 0 clicks, so
 * the chart does not draw a straight line over a quiet week.
 */
export function clicksOverTimeData(
  report: Pick<LinkReport, 'from' | 'to' | 'clicksOverTime'>,
): DailyPoint[] {
  const clicksByDay = new Map<string, number>();
  for (const { date, clicks } of report.clicksOverTime) {
    clicksByDay.set(date, (clicksByDay.get(date) ?? 0) + clicks);
  }
  const first = dayjs(report.from);
  const last = dayjs(report.to);
  const dayCount = last.diff(first, 'day') + 1;
  const days =
    first.isValid() && last.isValid() && dayCount > 0 && dayCount <= MAX_DAYS
      ? Array.from({ length: dayCount }, (_, index) => first.add(index, 'day').format('YYYY-MM-DD'))
      : [...clicksByDay.keys()].sort();
  return days.map((isoDate) => ({
    date: dayjs(isoDate).format(DAY_LABEL_FORMAT),
    isoDate,
    clicks: clicksByDay.get(isoDate) ?? 0,
  }));
}

export interface StorePoint {
  store: string;
  clicks: number;
}

/** Clicks per retailer and storefront ('Amazon (GB)'), busiest first. */
export function clicksByStoreData(byRetailer: LinkReport['byRetailer']): StorePoint[] {
  const clicksByStore = new Map<string, number>();
  for (const { retailer, storefront, clicks } of byRetailer) {
    const store = storefront ? `${retailer} (${storefront})` : retailer;
    clicksByStore.set(store, (clicksByStore.get(store) ?? 0) + clicks);
  }
  return [...clicksByStore]
    .map(([store, clicks]) => ({ store, clicks }))
    .sort((a, b) => b.clicks - a.clicks);
}

const COUNTRY_COLORS = ['shelf.7', 'grape.6', 'orange.6', 'lime.7', 'indigo.5', 'pink.6'] as const;
const OTHER_COUNTRIES_COLOR = 'gray.5';
export const OTHER_COUNTRIES_LABEL = 'Other countries';

export interface CountrySlice {
  name: string;
  value: number;
  color: string;
  share: string;
}

/** The busiest countries as donut slices, the rest summed into one 'Other countries' slice. */
export function clicksByCountryData(
  byCountry: LinkReport['byCountry'],
  shownCountries = 5,
): CountrySlice[] {
  const sorted = [...byCountry].filter((c) => c.clicks > 0).sort((a, b) => b.clicks - a.clicks);
  const total = sorted.reduce((sum, c) => sum + c.clicks, 0);
  const shown = sorted.length > shownCountries + 1 ? sorted.slice(0, shownCountries) : sorted;
  const rest = sorted.slice(shown.length).reduce((sum, c) => sum + c.clicks, 0);
  const slices = shown.map((country, index) => ({
    name: country.country || country.countryCode,
    value: country.clicks,
    color: COUNTRY_COLORS[index % COUNTRY_COLORS.length] ?? OTHER_COUNTRIES_COLOR,
    share: shareOf(country.clicks, total),
  }));
  if (rest > 0) {
    slices.push({
      name: OTHER_COUNTRIES_LABEL,
      value: rest,
      color: OTHER_COUNTRIES_COLOR,
      share: shareOf(rest, total),
    });
  }
  return slices;
}

export const DIRECT_REFERRER_LABEL = 'Direct or unknown';

export interface ReferrerRow {
  referrer: string;
  clicks: number;
  share: string;
}

/** The referring sites, busiest first, each with its share of all clicks. */
export function topReferrerRows(
  byReferrer: LinkReport['byReferrer'],
  totalClicks: number,
): ReferrerRow[] {
  const total = totalClicks > 0 ? totalClicks : byReferrer.reduce((sum, r) => sum + r.clicks, 0);
  return [...byReferrer]
    .sort((a, b) => b.clicks - a.clicks)
    .map(({ referrer, clicks }) => ({
      referrer: referrer === 'direct' ? DIRECT_REFERRER_LABEL : referrer,
      clicks,
      share: shareOf(clicks, total),
    }));
}

/** '34%', or '<1%' for a sliver that would round to nothing. */
export function shareOf(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  const percent = (part / whole) * 100;
  return percent < 1 ? '<1%' : `${Math.round(percent)}%`;
}

export interface ReportSummary {
  dailyAverage: number;
  busiestDay: DailyPoint | undefined;
  topStore: StorePoint | undefined;
}

export function reportSummary(
  days: readonly DailyPoint[],
  stores: readonly StorePoint[],
): ReportSummary {
  const total = days.reduce((sum, day) => sum + day.clicks, 0);
  const busiestDay = days.reduce<DailyPoint | undefined>(
    (best, day) => (day.clicks > 0 && (!best || day.clicks > best.clicks) ? day : best),
    undefined,
  );
  return {
    dailyAverage: days.length > 0 ? Math.round(total / days.length) : 0,
    busiestDay,
    topStore: stores[0],
  };
}

/** What every report draws: its days, stores and countries, and the figures they sum up to. */
export function reportBreakdowns(
  report: Pick<LinkReport, 'from' | 'to' | 'clicksOverTime' | 'byRetailer' | 'byCountry'>,
): { days: DailyPoint[]; stores: StorePoint[]; countries: CountrySlice[]; summary: ReportSummary } {
  const days = clicksOverTimeData(report);
  const stores = clicksByStoreData(report.byRetailer);
  return {
    days,
    stores,
    countries: clicksByCountryData(report.byCountry),
    summary: reportSummary(days, stores),
  };
}

export interface BookRow {
  linkId: string;
  title: string;
  author: string;
  coverImageUrl: string | null;
  /** The short link's address without its scheme, e.g. 'shelf.to/salt-orchard'. */
  shortLink: string;
  clicks: number;
  share: string;
}

type CollectionReport = components['schemas']['CollectionReport'];
type ReportedLink = Pick<
  components['schemas']['Link'],
  'id' | 'title' | 'author' | 'coverImageUrl' | 'shortUrl'
>;

/** Each book of a collection with its clicks, busiest first; a link it cannot name is kept. */
export function clicksByBookRows(
  byLink: CollectionReport['byLink'],
  links: readonly ReportedLink[],
  totalClicks: number,
): BookRow[] {
  const linksById = new Map(links.map((link) => [link.id, link]));
  const total = totalClicks > 0 ? totalClicks : byLink.reduce((sum, row) => sum + row.clicks, 0);
  return [...byLink]
    .sort((a, b) => b.clicks - a.clicks)
    .map(({ linkId, clicks }) => {
      const link = linksById.get(linkId);
      return {
        linkId,
        title: link?.title.trim() || 'Untitled link',
        author: link?.author ?? '',
        coverImageUrl: link?.coverImageUrl ?? null,
        shortLink: link ? shortLinkLabel(link) : linkId,
        clicks,
        share: shareOf(clicks, total),
      };
    });
}
