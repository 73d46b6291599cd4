// Reads a page's <meta> tags, JSON-LD blocks and <title> by scanning its text: a preview needs
// only these three, not a document tree. The page is untrusted and up to 1 MiB, so every scan
// only moves forward and gives up at a tag that never ends: the work stays linear in its length.

export interface HtmlMetadata {
  /** `<meta>` contents by lower-cased `property` or `name`; the first of each name wins. */
  meta: ReadonlyMap<string, string>;
  /** The objects of every JSON-LD block, with arrays and `@graph`s flattened. */
  linkedData: Record<string, unknown>[];
  title: string | undefined;
}

const namedEntities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (!name.startsWith('#')) return namedEntities[name.toLowerCase()] ?? entity;
    const codePoint = /^#x/i.test(name)
      ? Number.parseInt(name.slice(2), 16)
      : Number.parseInt(name.slice(1), 10);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}

// Sticky: each match starts where the last ended, so a long run of name characters without an
// `=` is read once rather than again from each of its characters.
const attributeOrGap =
  /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?|[\s"'=<>/]+/gy;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, doubleQuoted, singleQuoted, unquoted] of tag.matchAll(attributeOrGap)) {
    const value = doubleQuoted ?? singleQuoted ?? unquoted;
    const key = name?.toLowerCase();
    if (key !== undefined && value !== undefined && !attributes.has(key)) {
      attributes.set(key, decodeEntities(value));
    }
  }
  return attributes;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The objects in a JSON-LD value, in document order; walked without recursion or copying. */
function linkedDataObjects(value: unknown): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (Array.isArray(next)) {
      for (let index = next.length - 1; index >= 0; index--) pending.push(next[index]);
    } else if (isRecord(next)) {
      objects.push(next);
      pending.push(next['@graph']);
    }
  }
  return objects;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The page without its comments. */
function withoutComments(html: string): string {
  const kept: string[] = [];
  let from = 0;
  for (let start = html.indexOf('<!--'); start !== -1; start = html.indexOf('<!--', from)) {
    const end = html.indexOf('-->', start + 4);
    // No comment after this one can close either; a stray `<!--` in a script hides nothing.
    if (end === -1) break;
    kept.push(html.slice(from, start));
    from = end + 3;
  }
  kept.push(html.slice(from));
  return kept.join('');
}

const metaOpening = /<meta\b/gi;
const scriptOpening = /<script\b/gi;
const scriptClosing = /<\/script\s*>/gi;
const titleOpening = /<title\b/gi;
const titleClosing = /<\/title\s*>/gi;
const headClosing = /<\/head\b/gi;

function nextMatch(text: string, pattern: RegExp, from: number): RegExpExecArray | null {
  pattern.lastIndex = from;
  return pattern.exec(text);
}

/** Just past the `>` that ends a tag whose attributes start at `from`, or -1 if none does. */
function tagEnd(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    if (char === '>') return at + 1;
    if (char === '"' || char === "'") {
      at = text.indexOf(char, at + 1);
      if (at === -1) return -1;
    }
  }
  return -1;
}

interface PageElement {
  attributes: Map<string, string>;
  /** The text up to the closing tag; empty for a tag read without one. */
  content: string;
}

/**
 * The elements that `opening` starts, in order, each with its content up to `closing` when
 * given. The first that never ends stops the reading, so no part of the text is read twice.
 */
function elements(text: string, opening: RegExp, closing?: RegExp): PageElement[] {
  const found: PageElement[] = [];
  let from = 0;
  for (let start = nextMatch(text, opening, from); start; start = nextMatch(text, opening, from)) {
    const attributesStart = start.index + start[0].length;
    const openingEnd = tagEnd(text, attributesStart);
    if (openingEnd === -1) break;
    const attributes = attributesOf(text.slice(attributesStart, openingEnd - 1));
    if (!closing) {
      found.push({ attributes, content: '' });
      from = openingEnd;
      continue;
    }
    const end = nextMatch(text, closing, openingEnd);
    if (!end) break;
    found.push({ attributes, content: text.slice(openingEnd, end.index) });
    from = end.index + end[0].length;
  }
  return found;
}

export function readHtmlMetadata(html: string): HtmlMetadata {
  const page = withoutComments(html);
  // Tags and the title belong in the head; JSON-LD blocks may also sit in the body.
  const head = page.slice(0, nextMatch(page, headClosing, 0)?.index);
  const meta = new Map<string, string>();
  for (const { attributes } of elements(head, metaOpening)) {
    const name = attributes.get('property') ?? attributes.get('name');
    const content = attributes.get('content');
    if (name && content && !meta.has(name.toLowerCase())) meta.set(name.toLowerCase(), content);
  }
  const linkedData = elements(page, scriptOpening, scriptClosing)
    .filter(({ attributes }) => attributes.get('type') === 'application/ld+json')
    .flatMap(({ content }) => linkedDataObjects(parseJson(content)));
  const [title] = elements(head, titleOpening, titleClosing);
  return { meta, linkedData, title: title && decodeEntities(title.content) };
}
