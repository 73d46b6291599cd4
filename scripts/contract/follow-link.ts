// Following a link of the contract: the values a consumer's request takes from the producer's
// exchange (its parameters, request and reply), or from the link the backend mailed.
import {
  embeddedExpression,
  type Exchange,
  type LinkedRequest,
  type MailedLink,
  type OperationLink,
} from './links';
import { mailedLinkValues } from './outbox';
import { fromPointer, isRecord, nodeAt } from './openapi';

/** A JSON value at a pointer of a reply's or request's body; undefined when absent. */
function bodyValue(body: unknown, pointer: string): unknown {
  return pointer === '' ? body : nodeAt(body, fromPointer(pointer));
}

/** The template's `{name}` values, from the path of an exchange's target. */
function pathValues(exchange: Exchange): Record<string, string> {
  const names: string[] = [];
  const pattern = exchange.operation.path.replace(/\{([^}]+)\}|[^{]+/g, (part, name?: string) => {
    if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    names.push(name);
    return '([^/?]+)';
  });
  const match = new RegExp(`^${pattern}(?:\\?|$)`).exec(exchange.target);
  return Object.fromEntries(
    names.map((name, index) => [name, decodeURIComponent(match?.[index + 1] ?? '')]),
  );
}

/** The value of one runtime expression in an exchange; undefined when it has none. */
function evaluateExpression(expression: string, exchange: Exchange): unknown {
  if (expression === '$url') return exchange.target;
  if (expression === '$method') return exchange.operation.method.toUpperCase();
  if (expression === '$statusCode') return exchange.status;
  const body = /^\$(request|response)\.body(?:#(.*))?$/.exec(expression);
  if (body !== null) {
    const source = body[1] === 'request' ? exchange.requestBody : exchange.responseBody;
    return bodyValue(source, body[2] ?? '');
  }
  const [, side, part, name = ''] = /^\$(request|response)\.(header|query|path)\.(.+)$/.exec(
    expression,
  ) ?? [undefined, undefined, undefined];
  if (side === 'response') return exchange.responseHeaders.get(name) ?? undefined;
  if (part === 'header') {
    return Object.entries(exchange.requestHeaders).find(
      ([header]) => header.toLowerCase() === name.toLowerCase(),
    )?.[1];
  }
  if (part === 'query') {
    return new URL(exchange.target, 'http://verify').searchParams.get(name) ?? undefined;
  }
  if (part === 'path') return pathValues(exchange)[name];
  return undefined;
}

class MissingValue extends Error {}

/** A link value with its runtime expressions replaced by what they find in the exchange. */
function resolveValue(value: unknown, exchange: Exchange): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('$')) {
      const found = evaluateExpression(value, exchange);
      if (found === undefined) throw new MissingValue(value);
      return found;
    }
    return value.replaceAll(embeddedExpression, (_match, expression: string) => {
      const found = evaluateExpression(expression, exchange);
      if (found === undefined || found === null) throw new MissingValue(expression);
      return typeof found === 'string' ? found : JSON.stringify(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, exchange));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolveValue(item, exchange)]),
    );
  }
  return value;
}

function statusMatches(linkStatus: string, status: number): boolean {
  return (
    linkStatus === String(status) ||
    linkStatus.toUpperCase() === `${String(status)[0]}XX` ||
    linkStatus === 'default'
  );
}

export interface FollowOptions {
  /** The backend's outbox folder, for links whose values are e-mailed. */
  outboxDir?: string;
}

/** How long a mailed link may take to reach the outbox after the reply. */
const mailWaitMs = 5_000;

async function mailedValues(
  mailedLink: MailedLink,
  exchange: Exchange,
  { outboxDir }: FollowOptions,
): Promise<Record<string, string> | string> {
  const to = mailedLink.to.startsWith('$')
    ? evaluateExpression(mailedLink.to, exchange)
    : mailedLink.to;
  if (typeof to !== 'string') return `the reply has no address at ${mailedLink.to}`;
  if (outboxDir === undefined) {
    return `its values are e-mailed to ${to}; give verify the backend's outbox folder (--outbox)`;
  }
  const deadline = Date.now() + mailWaitMs;
  for (;;) {
    const values = mailedLinkValues(outboxDir, to, mailedLink.path);
    if (values !== undefined) return values;
    if (Date.now() > deadline)
      return `no message to ${to} in ${outboxDir} holds ${mailedLink.path}`;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

/**
 * The request a link adds for its consumer, from the first of the producer's success replies
 * with the link's status that has every value the link takes. Otherwise why the link cannot be
 * followed, or undefined when the producer got no such reply (its own result says why).
 */
export async function followLink(
  link: OperationLink,
  exchanges: Exchange[],
  options: FollowOptions,
): Promise<LinkedRequest | string | undefined> {
  const producerReplies = exchanges.filter(
    (exchange) =>
      exchange.operation === link.producer && statusMatches(link.status, exchange.status),
  );
  const notFollowed = (why: string) =>
    `link ${link.name} from ${link.producer.title} not followed: ${why}`;
  if (producerReplies.length === 0) return undefined;
  const { producerRequest } = link;
  let replies = producerReplies;
  if (producerRequest !== undefined) {
    replies = producerReplies.filter(
      ({ label }) => label === producerRequest || label.startsWith(`${producerRequest} from `),
    );
    if (replies.length === 0) return notFollowed(`no ${link.status} reply to ${producerRequest}`);
  }
  let missing = '';
  for (const exchange of replies) {
    try {
      const parameters = new Map(
        link.parameters.map(({ parameter, value }) => {
          const resolved = resolveValue(value, exchange);
          // A path segment cannot be empty, so an empty value is as good as none.
          if (resolved === null || (parameter.in === 'path' && resolved === '')) {
            throw new MissingValue(String(value));
          }
          return [parameter, resolved];
        }),
      );
      const linked: LinkedRequest = {
        label: `link ${link.name} from ${link.producer.title}`,
        parameters,
        ...(link.requestBody === undefined
          ? {}
          : { body: { value: resolveValue(link.requestBody.value, exchange) } }),
      };
      if (link.mailedLink === undefined) return linked;
      const bodyFields = await mailedValues(link.mailedLink, exchange, options);
      if (typeof bodyFields === 'string') return notFollowed(bodyFields);
      return { ...linked, bodyFields };
    } catch (error) {
      if (!(error instanceof MissingValue)) throw error;
      missing = error.message;
    }
  }
  return notFollowed(`no ${link.status} reply has ${missing}`);
}
