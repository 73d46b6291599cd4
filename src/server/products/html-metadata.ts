// Reads a page's <meta> tags, JSON-LD blocks and <title> with regular expressions: a preview
// needs only these three, not a document tree.

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

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const attribute = /([^\s"'=<>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
  for (const [, name = '', doubleQuoted, singleQuoted, unquoted] of tag.matchAll(attribute)) {
    const key = name.toLowerCase();
    if (!attributes.has(key)) {
      attributes.set(key, decodeEntities(doubleQuoted ?? singleQuoted ?? unquoted ?? ''));
    }
  }
  return attributes;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function linkedDataObjects(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(linkedDataObjects);
  if (!isRecord(value)) return [];
  return [value, ...linkedDataObjects(value['@graph'])];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function readHtmlMetadata(html: string): HtmlMetadata {
  const page = html.replace(/<!--[\s\S]*?-->/g, '');
  const meta = new Map<string, string>();
  for (const [tag] of page.matchAll(/<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
    const attributes = attributesOf(tag);
    const name = attributes.get('property') ?? attributes.get('name');
    const content = attributes.get('content');
    if (name && content && !meta.has(name.toLowerCase())) meta.set(name.toLowerCase(), content);
  }
  const linkedData = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes = '']) => attributesOf(attributes).get('type') === 'application/ld+json')
    .flatMap(([, , json = '']) => linkedDataObjects(parseJson(json)));
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(page)?.[1];
  return { meta, linkedData, title: title === undefined ? undefined : decodeEntities(title) };
}
