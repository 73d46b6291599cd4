// What Prism's answer says about a backend's reply: Prism forwards the request, checks the reply
// against the contract, and tells what it found in a problem document or an `sl-violations` header.
import type { PrismProxy } from './prism-proxy';
import { jsonPath } from './reply-checks';
import type { Outcome, Violation } from './verify';

const prismErrors = 'https://stoplight.io/prism/errors#';

interface PrismViolation {
  location?: unknown;
  severity?: unknown;
  code?: unknown;
  message?: unknown;
}

interface Problem {
  type?: unknown;
  title?: unknown;
  detail?: unknown;
  validation?: unknown;
}

/**
 * Prism's location as a path a reader knows. Response locations start with `response`
 * (`['response', 'body', 'results', '0', 'createdAt']` → `$.results[0].createdAt`); request
 * locations start with the part (`['query']`, `['body', 'title']`).
 */
export function describeLocation(
  location: string[],
  message: string,
  code: unknown,
): Pick<Violation, 'side' | 'path'> {
  const side = location[0] === 'response' ? 'response' : 'request';
  const [part, ...rest] =
    location[0] === 'response' || location[0] === 'request' ? location.slice(1) : location;
  const missing =
    code === 'required' ? /required property '([^']+)'/.exec(message)?.[1] : undefined;
  if (missing !== undefined) rest.push(missing);
  if (part === 'body') return { side, path: jsonPath(rest) };
  if (part === undefined) {
    if (/status code/i.test(message)) return { side, path: 'status' };
    if (/media type|content type/i.test(message)) return { side, path: 'content type' };
    return { side, path: side };
  }
  return { side, path: [part === 'headers' ? 'header' : part, ...rest].join(' ') };
}

function violationsOf(list: unknown): Violation[] {
  if (!Array.isArray(list)) return [];
  return (list as PrismViolation[]).map((entry) => {
    const location = Array.isArray(entry.location) ? entry.location.map(String) : [];
    const message = typeof entry.message === 'string' ? entry.message : 'violates the contract';
    return {
      ...describeLocation(location, message, entry.code),
      severity: entry.severity === 'Error' ? 'error' : 'warning',
      message,
    };
  });
}

/** `invalid json response body at <url> reason: <why>` → `Response body is not valid JSON: <why>` */
function unreadableBodyMessage(title: string): string {
  const reason = /^invalid json response body at \S+ reason: (.*)$/s.exec(title)?.[1];
  return reason === undefined ? title : `Response body is not valid JSON: ${reason}`;
}

/** What Prism's answer says about the backend's reply. */
export async function judgeReply(
  proxy: PrismProxy,
  response: Response,
  text: string,
  offset: number,
): Promise<Outcome> {
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('application/problem+json')) {
    let problem: Problem = {};
    try {
      problem = JSON.parse(text) as Problem;
    } catch {
      // The backend's own problem document that is not JSON: Prism reports it in sl-violations.
    }
    const type = typeof problem.type === 'string' ? problem.type : '';
    const title = typeof problem.title === 'string' ? problem.title : '';
    if (type === `${prismErrors}VIOLATIONS`) {
      return {
        result: 'violation',
        status: await proxy.upstreamStatusSince(offset),
        violations: violationsOf(problem.validation),
      };
    }
    if (type.startsWith(prismErrors)) {
      // Prism refused the request before forwarding it: the request contradicts the contract.
      const violations = violationsOf(problem.validation);
      return {
        result: 'violation',
        status: undefined,
        violations:
          violations.length > 0
            ? violations
            : [
                {
                  side: 'request',
                  severity: 'error',
                  path: 'request',
                  message: `${title} (${type.slice(prismErrors.length)})`,
                },
              ],
      };
    }
    if (type === 'FetchError' || response.status === 500) {
      const upstreamStatus = await proxy.upstreamStatusSince(offset);
      // Prism fails with a FetchError both when the backend does not answer and when it cannot
      // read the reply's body; only in the second case has it logged the backend's status.
      if (type === 'FetchError' && upstreamStatus !== undefined) {
        return {
          result: 'violation',
          status: upstreamStatus,
          violations: [
            {
              side: 'response',
              severity: 'error',
              path: '$',
              message: unreadableBodyMessage(title),
            },
          ],
        };
      }
      if (upstreamStatus === undefined) {
        return {
          result: 'unreachable',
          detail: title === '' ? 'the backend did not answer' : title,
        };
      }
    }
  }
  const header = response.headers.get('sl-violations');
  if (header !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(header);
    } catch {
      parsed = [{ location: ['response'], severity: 'Warning', message: header }];
    }
    const violations = violationsOf(parsed);
    if (violations.length > 0) return { result: 'violation', status: response.status, violations };
  }
  return { result: 'conforming', status: response.status };
}
