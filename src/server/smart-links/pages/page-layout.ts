// The document shell shared by the short-link host's pages: one inline stylesheet, no scripts,
// no web fonts, so a reader on a slow phone sees the page from the first response alone.

/** Markup that is already safe to place in a document; anything else is escaped on the way in. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

type MarkupValue = string | number | SafeHtml | readonly SafeHtml[];

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function markupOf(value: MarkupValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeHtml(value);
  return value.map((part) => part.value).join('');
}

/** A template tag that escapes every interpolated string, so no input reaches the page raw. */
export function markup(strings: TemplateStringsArray, ...values: MarkupValue[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((document, text, index) => {
      const value = values[index - 1];
      return document + (value === undefined ? '' : markupOf(value)) + text;
    }),
  );
}

export interface StoreOption {
  storeId: string;
  /** Shown on the button and used as its accessible name: "Amazon", "Apple Books"… */
  name: string;
}

export interface BookCover {
  title: string;
  coverImageUrl: string | null;
}

// The palette is checked for contrast (4.5:1 for all text) by the tests, in both schemes.
const stylesheet = [
  ':root{color-scheme:light dark;--bg:#fbf8f3;--text:#1f1b16;--muted:#5c544a;--link:#0b7285;--accent:#0b7285;--accent-hover:#095c6b;--accent-text:#ffffff;--line:#d9d1c5}',
  '@media (prefers-color-scheme:dark){:root{--bg:#17150f;--text:#f3ede4;--muted:#c4bbae;--link:#66d9e8;--accent:#66d9e8;--accent-hover:#99e9f2;--accent-text:#10201e;--line:#4a443b}}',
  '*{box-sizing:border-box}',
  'body{margin:0;background:var(--bg);color:var(--text);font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}',
  'main{max-width:34rem;margin:0 auto;padding:2rem 1rem 1rem}',
  'h1{font-size:1.625rem;line-height:1.25;margin:0 0 .5rem}',
  'h2{font-size:1.125rem;line-height:1.3;margin:0}',
  'p{margin:0 0 1rem}',
  'a{color:var(--link)}',
  ':focus-visible{outline:3px solid var(--text);outline-offset:3px}',
  '.author{color:var(--muted)}',
  '.book-page{text-align:center}',
  '.cover{display:block;width:200px;height:300px;margin:0 auto 1.5rem;border-radius:4px;object-fit:cover;box-shadow:0 2px 10px rgb(0 0 0/.25)}',
  '.cover.small{width:64px;height:96px;margin:0;box-shadow:0 1px 4px rgb(0 0 0/.25)}',
  '.collection-cover{display:block;max-width:100%;height:auto;max-height:20rem;width:auto;margin:0 auto 1.5rem;border-radius:4px;object-fit:contain}',
  // `safe center` lets a title too long for the tile overflow at the bottom, not off the top.
  '.tile{display:flex;align-items:center;align-items:safe center;justify-content:center;padding:1rem;font-size:1.375rem;font-weight:700;line-height:1.2;text-align:center;overflow:hidden;overflow-wrap:anywhere;hyphens:auto}',
  '.tile.long{font-size:1.0625rem}',
  '.tile.small{padding:.25rem;font-size:.75rem}',
  '.remember{display:flex;align-items:center;justify-content:center;gap:.75rem;min-height:48px;margin:0 0 .25rem;cursor:pointer;font-weight:600}',
  '.remember input{width:1.5rem;height:1.5rem;margin:0;accent-color:var(--accent)}',
  '.hint{color:var(--muted);font-size:.875rem;text-align:center}',
  '.stores{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}',
  '.stores button{width:100%;min-height:48px;padding:.75rem 1rem;border:0;border-radius:8px;background:var(--accent);color:var(--accent-text);font:inherit;font-weight:600;cursor:pointer}',
  '.stores button:hover{background:var(--accent-hover)}',
  '.books{list-style:none;margin:1.5rem 0 0;padding:0}',
  '.book{display:grid;grid-template-columns:64px 1fr;gap:1rem;padding:1.25rem 0;border-top:1px solid var(--line)}',
  '.book .author{margin:.25rem 0 0}',
  '.book .stores{grid-column:1/-1;grid-template-columns:repeat(auto-fill,minmax(7.5rem,1fr));gap:.5rem}',
  '.book .stores button{padding:.5rem;font-size:.9375rem}',
  'footer{max-width:34rem;margin:0 auto;padding:1rem 1rem 2rem;color:var(--muted);font-size:.875rem;text-align:center}',
].join('');

// The brand mark, inline so that the browser asks for no favicon the host does not serve.
const iconHref =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect x='4' y='6' width='7' height='21' rx='1.5' fill='%230b7285'/%3E%3Crect x='13' y='4' width='7' height='23' rx='1.5' fill='%231098ad'/%3E%3Crect x='21' y='8' width='7' height='19' rx='1.5' fill='%23f08c00' transform='rotate(-12 24.5 17.5)'/%3E%3C/svg%3E";

export interface PageShell {
  /** The document's title: plain text. */
  title: string;
  description: string;
  appOrigin: string;
  main: SafeHtml;
  /** Pages for links that don't work stay out of search results. */
  noindex: boolean;
  /** Pages with store buttons say that the author may earn a commission. */
  affiliateDisclosure: boolean;
}

export function renderPage(shell: PageShell): string {
  const disclosure = shell.affiliateDisclosure
    ? markup`<p>Links may earn the author a commission when you buy, at no extra cost to you. <a href="${new URL('/affiliate-disclosure', shell.appOrigin).href}">Read how affiliate links work</a>.</p>`
    : markup``;
  const robots = shell.noindex ? markup`<meta name="robots" content="noindex">` : markup``;
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shell.title}</title>
<meta name="description" content="${shell.description}">
${robots}<link rel="icon" type="image/svg+xml" href="${iconHref}">
<style>${new SafeHtml(stylesheet)}</style>
</head>
<body>
<main>
${shell.main}
</main>
<footer>
${disclosure}<p><a href="${new URL('/', shell.appOrigin).href}">Smart link by Shelflink</a></p>
</footer>
</body>
</html>
`.value;
}

function isHttpsUrl(address: string): boolean {
  return URL.canParse(address) && new URL(address).protocol === 'https:';
}

/** FNV-1a: a small, stable hash, so a title gets the same tile colour on every server. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash;
}

type Rgb = readonly [red: number, green: number, blue: number];

function rgbFromHsl(hue: number, saturation: number, lightness: number): Rgb {
  const amplitude = saturation * Math.min(lightness, 1 - lightness);
  const channel = (offset: number) => {
    const position = (offset + hue / 30) % 12;
    const level = lightness - amplitude * Math.max(-1, Math.min(position - 3, 9 - position, 1));
    return Math.round(level * 255);
  };
  return [channel(0), channel(8), channel(4)];
}

function hexOf([red, green, blue]: Rgb): string {
  return '#' + [red, green, blue].map((value) => value.toString(16).padStart(2, '0')).join('');
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminanceOf([red, green, blue]: Rgb): number {
  const linear = (value: number) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/**
 * A tile colour from the title, and black or white text, whichever contrasts more: one of the two
 * always reaches at least 4.58:1, whatever the background.
 */
function tileColoursOf(title: string): { background: string; text: string } {
  const hash = hashOf(title);
  const hue = hash % 360;
  const saturation = 0.35 + ((hash >>> 9) % 31) / 100;
  const lightness = 0.3 + ((hash >>> 14) % 41) / 100;
  const background = rgbFromHsl(hue, saturation, lightness);
  const luminance = luminanceOf(background);
  const contrastWithWhite = 1.05 / (luminance + 0.05);
  const contrastWithBlack = (luminance + 0.05) / 0.05;
  return {
    background: hexOf(background),
    text: contrastWithWhite >= contrastWithBlack ? '#ffffff' : '#000000',
  };
}

// Past this many characters a title gets a smaller type so more of it fits on the large tile.
const longTitleLength = 40;

/**
 * The book's cover when it can be loaded safely over https, otherwise a tile with the title on it.
 * The tile is hidden from screen readers because the title is the heading beside it.
 */
export function renderCover(
  book: BookCover,
  size: 'large' | 'small',
  loading: 'eager' | 'lazy' = 'eager',
): SafeHtml {
  const sizeClass = size === 'small' ? ' small' : '';
  if (book.coverImageUrl !== null && isHttpsUrl(book.coverImageUrl)) {
    const [width, height] = size === 'small' ? [64, 96] : [200, 300];
    const priority =
      size === 'large'
        ? markup` fetchpriority="high"`
        : markup` loading="${loading}" decoding="async"`;
    return markup`<img class="cover${sizeClass}" src="${book.coverImageUrl}" alt="Cover of ${book.title}" width="${width}" height="${height}"${priority}>`;
  }
  const colours = tileColoursOf(book.title);
  const lengthClass = size === 'large' && book.title.length > longTitleLength ? ' long' : '';
  return markup`<div class="cover tile${sizeClass}${lengthClass}" style="background:${colours.background};color:${colours.text}" aria-hidden="true">${book.title}</div>`;
}

/** The checkbox that asks the server to set the remembered-store cookie when a store is chosen. */
export function renderRememberCheckbox(): SafeHtml {
  return markup`<label class="remember" for="remember-store"><input type="checkbox" id="remember-store" name="remember" value="1" aria-describedby="remember-hint">Remember my store</label>
<p class="hint" id="remember-hint">This saves a cookie on this device, so next time you go straight to the store you pick.</p>`;
}

/**
 * One submit button per store in a list; `valueOf` says what the form sends for the button pressed.
 * `describedBy` names the element that says which book the buttons are for, where the page has many.
 */
export function renderStoreButtons(
  stores: readonly StoreOption[],
  valueOf: (store: StoreOption) => string,
  describedBy?: string,
): SafeHtml {
  const description =
    describedBy === undefined ? markup`` : markup` aria-describedby="${describedBy}"`;
  return markup`<ul class="stores">${stores.map(
    (store) =>
      markup`<li><button type="submit" name="store" value="${valueOf(store)}"${description}>${store.name}</button></li>`,
  )}</ul>`;
}

/** "by Jane Doe", or nothing when the author isn't known. */
export function renderByline(author: string): SafeHtml {
  return author.trim() === '' ? markup`` : markup`<p class="author">by ${author}</p>`;
}
