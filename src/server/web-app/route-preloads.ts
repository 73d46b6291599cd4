// Route-aware preloading for the servers: the page for an address comes with <link> tags for the
// code of the routes it opens, so the browser fetches that code along with the entry instead of
// after it. Without them, the entry has to download and run before the router asks for the
// route's chunks: on a slow connection, one more round of requests before the page appears.
// scripts/route-preloads-plugin.ts writes the table at build time; the app servers (./app-server.ts) and the
// preview server read it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the build writes the table, beside Vite's manifest. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** A page route (one without child routes) and what opening it loads, its parents' code included. */
export interface RoutePreload {
  /** The route's path in TanStack Router's notation: `/links/books`, `/login/$token`, `/$`. */
  path: string;
  /** Script chunks, as paths from the site's root. */
  scripts: string[];
  /** Style sheets, as paths from the site's root. */
  styles: string[];
}

/**
 * The route id of a file under src/routes, by TanStack Router's file naming: dots nest like
 * slashes, so `_authenticated/links.books.tsx` is `/_authenticated/links/books`.
 */
export function routeIdOf(routeFile: string): string {
  const withoutExtension = routeFile.replace(/\.[cm]?[jt]sx?$/, '');
  return `/${withoutExtension.split(/[/.]/).join('/')}`;
}

/**
 * The address path of a route id: pathless layouts (`_authenticated`) and `index` add nothing,
 * and a trailing underscore (`links_`) only takes a route out of its parent's layout.
 */
export function routePathOf(routeId: string): string {
  const segments = routeId
    .split('/')
    .filter((segment) => segment && !segment.startsWith('_') && segment !== 'index')
    .map((segment) => segment.replace(/_$/, ''));
  return `/${segments.join('/')}`;
}

/** A route's parent: the longest other route id its own id begins with; `__root` for the rest. */
export function parentRouteId(routeId: string, routeIds: readonly string[]): string | undefined {
  if (routeId === '/__root') return undefined;
  const segments = routeId.split('/');
  for (let length = segments.length - 1; length > 1; length -= 1) {
    const candidate = segments.slice(0, length).join('/');
    if (routeIds.includes(candidate)) return candidate;
  }
  return '/__root';
}

const END = 4;
const LITERAL = 3;
const PARAM = 2;
const SPLAT = 1;

/**
 * How well a route path matches an address: one rank per segment (a literal over a parameter
 * over a splat), and a route that ends with the address over a splat that takes the rest,
 * compared from the left; undefined when it does not match.
 */
function matchRanks(routePath: string, pathname: string): number[] | undefined {
  const pattern = routePath.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  const ranks: number[] = [];
  for (const [index, part] of pattern.entries()) {
    if (part === '$') return [...ranks, SPLAT];
    const segment = segments[index];
    if (segment === undefined) return undefined;
    if (part.startsWith('$')) ranks.push(PARAM);
    else if (part.toLowerCase() === segment.toLowerCase()) ranks.push(LITERAL);
    else return undefined;
  }
  return segments.length === pattern.length ? [...ranks, END] : undefined;
}

function compareRanks(a: number[], b: number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The route an address opens, ranked the way the router ranks them. Where the two could ever
 * disagree, the cost is a preloaded chunk that goes unused: the router still loads what it needs.
 */
export function matchRoutePreload(
  routes: readonly RoutePreload[],
  pathname: string,
): RoutePreload | undefined {
  let best: { route: RoutePreload; ranks: number[] } | undefined;
  for (const route of routes) {
    const ranks = matchRanks(route.path, pathname);
    if (ranks && (!best || compareRanks(ranks, best.ranks) > 0)) best = { route, ranks };
  }
  return best?.route;
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * The page for an address, with the preload tags of the route it opens before `</head>`. Tags
 * carry the same nonce attribute as the build's own, for the servers to fill in.
 */
export function withRoutePreloads(
  html: string,
  routes: readonly RoutePreload[],
  pathname: string,
  nonceAttribute: string,
): string {
  const route = matchRoutePreload(routes, pathname);
  if (!route || (route.scripts.length === 0 && route.styles.length === 0)) return html;
  const tags = [
    ...route.scripts.map(
      (href) =>
        `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}" ${nonceAttribute}>`,
    ),
    ...route.styles.map(
      (href) =>
        `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}" ${nonceAttribute}>`,
    ),
  ];
  return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/** The table of a build; empty for a build without one, whose pages then come as they are. */
export function readRoutePreloads(outDir: string): RoutePreload[] {
  const file = join(outDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[];
}
