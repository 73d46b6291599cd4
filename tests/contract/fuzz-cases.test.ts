import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { fuzzCases, type FuzzCase } from '../../scripts/contract/fuzz-cases';
import { listOperations, loadContract } from '../../scripts/contract/openapi';
import { SchemaSampler } from '../../scripts/contract/sampler';

const document = loadContract('openapi/openapi.yaml');
const entries = listOperations(document);
const known = { linked: [], userIds: ['1', '2'] };

/**
 * Every operation's requests for a seed, as sent: what a run with that seed would send. A file's
 * bytes (up to 5 MB) are compared by their SHA-256, which compares in a moment.
 */
function requestsFor(seed: number): Record<string, unknown>[] {
  const sampler = new SchemaSampler(document);
  return entries.flatMap((entry) =>
    fuzzCases(document, sampler, entry, known, { seed, generated: 3 }).map(
      ({ operation, body, ...request }) => ({
        ...request,
        operation: operation.title,
        body:
          body instanceof Uint8Array
            ? `sha256 ${createHash('sha256').update(body).digest('hex')}`
            : body,
      }),
    ),
  );
}

describe('contract:fuzz requests', () => {
  test('are the same for the same seed, and differ for another', () => {
    const first = requestsFor(7);

    expect(requestsFor(7)).toEqual(first);
    expect(requestsFor(8)).not.toEqual(first);
  });

  test('reach every operation with examples, other identities and targeted requests', () => {
    const sampler = new SchemaSampler(document);
    const allKinds = new Set<string>();
    for (const entry of entries) {
      const kinds = new Set(
        fuzzCases(document, sampler, entry, known, { seed: 7, generated: 3 }).map(
          ({ kind }) => kind,
        ),
      );
      for (const kind of kinds) allKinds.add(kind);
      expect([...kinds], entry.title).toEqual(
        expect.arrayContaining(['contract example', 'another identity', 'huge header']),
      );
      if (entry.operation.requestBody !== undefined) {
        expect([...kinds], entry.title).toEqual(
          expect.arrayContaining(['missing body', 'malformed body']),
        );
      }
    }
    expect([...allKinds]).toEqual(
      expect.arrayContaining([
        'generated',
        'NUL in a string',
        'lone surrogate in a string',
        'huge string',
        'boundary length',
        'wrong type',
        'missing required field',
        'extra property',
        'bad percent-encoding',
        'over-long path parameter',
        'odd integer',
        'odd X-Impersonate',
        'odd address',
      ]),
    );
  });

  test('send a file body’s documented bytes, and bytes that are no such file where a 4xx is due', () => {
    const sampler = new SchemaSampler(document);
    const upload = entries.find((entry) => entry.operationId === 'uploadImage');
    if (upload === undefined) throw new Error('No uploadImage');
    const cover = readFileSync('openapi/examples/cover.png');
    const cases = fuzzCases(document, sampler, upload, known, { seed: 7, generated: 3 });
    const isCover = (body: FuzzCase['body']) =>
      body instanceof Uint8Array && Buffer.from(body).equals(cover);

    // The examples, the other identities and the generated requests all send the example file.
    const accepted = cases.filter((item) =>
      ['contract example', 'another identity', 'generated'].includes(item.kind),
    );
    expect(accepted.map((item) => item.kind)).toEqual(
      expect.arrayContaining(['contract example', 'another identity', 'generated']),
    );
    for (const item of accepted) {
      expect(item.headers['content-type'], item.detail).toBe('image/png');
      expect(isCover(item.body), item.detail).toBe(true);
    }

    const refused = (kind: string) =>
      cases
        .filter((item) => item.kind === kind)
        .map(({ detail, headers, body, mustRefuse }) => ({
          detail,
          contentType: headers['content-type'],
          bytes: body === undefined ? undefined : Buffer.from(body).length,
          mustRefuse,
        }));
    expect(refused('empty body')).toEqual([
      { detail: 'a body of no bytes', contentType: 'image/png', bytes: 0, mustRefuse: true },
    ]);
    expect(refused('malformed body')).toEqual([
      {
        detail: 'cut short',
        contentType: 'image/png',
        bytes: Math.floor(cover.length / 2),
        mustRefuse: true,
      },
    ]);
    expect(refused('wrong bytes')).toEqual([
      {
        detail: 'text sent as image/png',
        contentType: 'image/png',
        bytes: expect.any(Number) as unknown,
        mustRefuse: true,
      },
      {
        detail: 'the image/png file sent as image/jpeg',
        contentType: 'image/jpeg',
        bytes: cover.length,
        mustRefuse: true,
      },
      {
        detail: 'the image/png file sent as image/webp',
        contentType: 'image/webp',
        bytes: cover.length,
        mustRefuse: true,
      },
    ]);
    expect(refused('over-long body')).toEqual([
      {
        detail: '5242881 bytes',
        contentType: 'image/png',
        bytes: 5 * 1024 * 1024 + 1,
        mustRefuse: true,
      },
    ]);
    expect(refused('unsupported media type')).toEqual([
      { detail: 'text/plain', contentType: 'text/plain', bytes: cover.length, mustRefuse: true },
    ]);
    // A file has no fields: nothing is sent as JSON.
    expect(cases.some((item) => item.kind === 'extra property' || item.kind === 'wrong type')).toBe(
      false,
    );
  });
});
