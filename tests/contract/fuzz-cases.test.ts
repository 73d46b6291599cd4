import { describe, expect, test } from 'vitest';
import { fuzzCases, type FuzzCase } from '../../scripts/contract/fuzz-cases';
import { listOperations, loadContract } from '../../scripts/contract/openapi';
import { SchemaSampler } from '../../scripts/contract/sampler';

const document = loadContract('openapi/openapi.yaml');
const entries = listOperations(document);
const known = { linked: [], userIds: ['1', '2'] };

/** Every operation's requests for a seed, as sent: what a run with that seed would send. */
function requestsFor(seed: number): Omit<FuzzCase, 'operation'>[] {
  const sampler = new SchemaSampler(document);
  return entries.flatMap((entry) =>
    fuzzCases(document, sampler, entry, known, { seed, generated: 3 }).map(
      ({ operation, ...request }) => ({ ...request, operation: operation.title }),
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
});
