// Breaking changes a team has agreed to make on purpose, listed in openapi/acknowledged-breaks.yaml.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

import type { ContractChange } from './diff';
import { fromPointer, isRecord } from './openapi';

export interface AcknowledgedBreak {
  /** A JSON pointer; it covers the change at that pointer and every change below it. */
  path: string;
  reason: string;
}

export function parseAcknowledgedBreaks(text: string, source: string): AcknowledgedBreak[] {
  const document: unknown = parse(text);
  if (document === null || document === undefined) return [];
  if (!Array.isArray(document)) {
    throw new Error(`${source} must be a list of { path, reason } entries.`);
  }
  return document.map((entry: unknown, index) => {
    if (!isRecord(entry) || typeof entry.path !== 'string' || entry.path.trim() === '') {
      throw new Error(`${source} entry ${index + 1} has no path.`);
    }
    if (typeof entry.reason !== 'string' || entry.reason.trim() === '') {
      throw new Error(`${source} entry ${index + 1} (${entry.path}) has no reason.`);
    }
    return { path: entry.path.trim(), reason: entry.reason.trim() };
  });
}

export function loadAcknowledgedBreaks(file: string): AcknowledgedBreak[] {
  if (!existsSync(file)) return [];
  return parseAcknowledgedBreaks(readFileSync(file, 'utf8'), file);
}

function covers(acknowledged: string[], pointer: string): boolean {
  const segments = fromPointer(pointer);
  return (
    acknowledged.length <= segments.length &&
    acknowledged.every((segment, index) => segments[index] === segment)
  );
}

/**
 * The entry that acknowledges a change: its path is the change's pointer, the pointer of where
 * the changed node is defined (e.g. `/components/schemas/Link/properties/title`, which covers
 * every operation that returns a Link), or a parent of either.
 */
export function acknowledgementOf(
  change: ContractChange,
  acknowledged: AcknowledgedBreak[],
): AcknowledgedBreak | undefined {
  const pointers = [...change.pointers, ...change.origins];
  return acknowledged.find((entry) => {
    const segments = fromPointer(entry.path);
    return segments.length > 0 && pointers.some((pointer) => covers(segments, pointer));
  });
}

/** The pointer to suggest for acknowledging a change: where it is defined, else where it is. */
export function suggestedAcknowledgement(change: ContractChange): string {
  return change.origin ?? change.pointer;
}
