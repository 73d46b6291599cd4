// Compares two contracts with api-smart-diff and turns its diffs into changes a reader can act
// on: where each one is, what kind of change it is and, for a breaking one, why it breaks a client.
import { apiCompare, type Diff } from 'api-smart-diff';

import { breakingReasons, kindOf, type ChangeKind } from './change-kinds';
import { locateChange } from './locate';
import { isRecord, nodeAtFollowing, toPointer, type JsonPath } from './openapi';

export const changeClasses = [
  'breaking',
  'deprecated',
  'unclassified',
  'non-breaking',
  'annotation',
] as const;
export type ChangeClass = (typeof changeClasses)[number];

export interface ContractChange {
  class: ChangeClass;
  /** api-smart-diff's class when this check classified the change differently (see `reclassify`). */
  reclassifiedFrom?: ChangeClass;
  kind: ChangeKind;
  action: Diff['action'];
  /** JSON pointer of the change in the contract (api-smart-diff's path). */
  pointer: string;
  /** The pointers of every api-smart-diff diff merged into this change (and of their subjects). */
  pointers: string[];
  /** Where in components the merged diffs' nodes are defined. */
  origins: string[];
  /** JSON pointer of the component the changed node is defined in, when a $ref led there. */
  origin?: string;
  operation?: string;
  where: string;
  /** A few words: "response field removed", "enum values removed: a, b". */
  what: string;
  /** For breaking changes: why the change breaks a client written against the base. */
  why?: string;
  before?: unknown;
  after?: unknown;
}

function typeSet(value: unknown): Set<string> | undefined {
  if (typeof value === 'string') return new Set([value]);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return new Set(value);
  }
  return undefined;
}

/** Every type a value may have under `inner` is allowed by `outer` (an integer is a number). */
function typesWithin(inner: Set<string>, outer: Set<string>): boolean {
  return [...inner].every((type) => outer.has(type) || (type === 'integer' && outer.has('number')));
}

/**
 * api-smart-diff 1.0.6 classifies a changed `type` in a response schema as non-breaking (it
 * reverses its request rule). A client reading a boolean that became a string, or a string
 * that may now be null, breaks: a response type change is breaking unless every new type was
 * already allowed, and a request type change unless every old type is still allowed.
 */
function reclassify(
  diffClass: ChangeClass,
  kind: ChangeKind,
  diff: Diff,
): { class: ChangeClass; reclassifiedFrom?: ChangeClass } {
  if (diff.action !== 'replace') return { class: diffClass };
  const before = typeSet(diff.before);
  const after = typeSet(diff.after);
  if (before === undefined || after === undefined) return { class: diffClass };
  let breaking: boolean | undefined;
  if (kind === 'response-field-retyped') breaking = !typesWithin(after, before);
  if (kind === 'request-field-retyped' || kind === 'parameter-retyped') {
    breaking = !typesWithin(before, after);
  }
  if (breaking === undefined) return { class: diffClass };
  const computed: ChangeClass = breaking ? 'breaking' : 'non-breaking';
  return computed === diffClass
    ? { class: diffClass }
    : { class: computed, reclassifiedFrom: diffClass };
}

const classRank: Record<ChangeClass, number> = {
  breaking: 0,
  deprecated: 1,
  unclassified: 2,
  'non-breaking': 3,
  annotation: 4,
};

/** Schema-keyword JSON paths point at the property they concern: `…/required/3` → `…/properties/<name>`. */
function subjectPath(path: JsonPath, value: unknown): JsonPath {
  const last = path.at(-1);
  const parent = path.at(-2);
  if (parent === 'required' && typeof last === 'number' && typeof value === 'string') {
    return [...path.slice(0, -2), 'properties', value];
  }
  if (parent === 'enum' && typeof last === 'number') return path.slice(0, -1);
  return path;
}

export interface DiffResult {
  changes: ContractChange[];
  /** Diffs inside shared components, already reported at each operation that uses them. */
  componentDiffs: number;
  /** Every diff api-smart-diff reported, per its own class. */
  rawCounts: Record<ChangeClass, number>;
}

function isDiffClass(value: string): value is ChangeClass {
  return (changeClasses as readonly string[]).includes(value);
}

/** Whether an added property is listed in its schema's `required`, read in the candidate. */
function addedPropertyIsRequired(after: unknown, path: JsonPath): boolean {
  const name = path.at(-1);
  if (path.at(-2) !== 'properties' || typeof name !== 'string') return false;
  const schema = nodeAtFollowing(after, path.slice(0, -2));
  return isRecord(schema) && Array.isArray(schema.required) && schema.required.includes(name);
}

export function compareContracts(before: unknown, after: unknown): DiffResult {
  // api-smart-diff rewrites its inputs (it moves path-level parameters into operations), and
  // locating a change needs the documents as written.
  const { diffs } = apiCompare(structuredClone(before), structuredClone(after));
  const rawCounts: Record<ChangeClass, number> = {
    breaking: 0,
    deprecated: 0,
    unclassified: 0,
    'non-breaking': 0,
    annotation: 0,
  };
  let componentDiffs = 0;
  const merged = new Map<string, ContractChange>();
  for (const diff of diffs) {
    const diffClass: ChangeClass = isDiffClass(diff.type) ? diff.type : 'unclassified';
    rawCounts[diffClass] += 1;
    if (diff.path[0] === 'components' && diff.path[1] !== 'securitySchemes') {
      componentDiffs += 1;
      continue;
    }
    const readIn = diff.action === 'add' ? after : before;
    const value: unknown = diff.action === 'add' ? diff.after : diff.before;
    const location = locateChange(readIn, diff.path, value);
    const { kind, what } = kindOf(
      location,
      diff,
      diff.action === 'add' && addedPropertyIsRequired(after, diff.path),
    );
    const classified = reclassify(diffClass, kind, diff);
    const pointers = [toPointer(diff.path), toPointer(subjectPath(diff.path, value))];
    const origins =
      location.origin === undefined ? [] : [toPointer(subjectPath(location.origin, value))];
    const key = `${location.where}\u0000${kind}`;
    const existing = merged.get(key);
    if (existing !== undefined) {
      existing.pointers.push(...pointers);
      existing.origins.push(...origins);
      if (!existing.what.includes(what)) existing.what = mergeWhat(existing.what, what);
      if (classRank[classified.class] < classRank[existing.class]) {
        existing.class = classified.class;
      }
      continue;
    }
    const change: ContractChange = {
      class: classified.class,
      kind,
      action: diff.action,
      pointer: pointers[1] ?? pointers[0] ?? '',
      pointers,
      origins,
      where: location.where,
      what,
    };
    if (classified.reclassifiedFrom !== undefined) {
      change.reclassifiedFrom = classified.reclassifiedFrom;
    }
    if (origins[0] !== undefined) change.origin = origins[0];
    if (location.operation !== undefined) change.operation = location.operation;
    if (diff.before !== undefined) change.before = diff.before;
    if (diff.after !== undefined) change.after = diff.after;
    merged.set(key, change);
  }
  const changes = dropSubsumed([...merged.values()]);
  for (const change of changes) {
    if (change.class === 'breaking')
      change.why = breakingReasons[change.kind] ?? breakingReasons.other;
  }
  return { changes, componentDiffs, rawCounts };
}

/** "enum value removed: a" + "enum value removed: b" → "enum values removed: a, b". */
function mergeWhat(first: string, second: string): string {
  const pattern = /^enum values? (added|removed): (.*)$/;
  const a = pattern.exec(first);
  const b = pattern.exec(second);
  if (a !== null && b !== null && a[1] === b[1]) {
    return `enum values ${a[1] ?? ''}: ${a[2] ?? ''}, ${b[2] ?? ''}`;
  }
  return `${first}; ${second}`;
}

/** Kinds that say more about a field than another change at the same place. */
const subsumedBy: Partial<Record<ChangeKind, ChangeKind[]>> = {
  'response-field-now-optional': ['response-field-removed'],
  'request-field-now-required': ['request-field-added-required'],
  'request-field-now-optional': ['request-field-removed'],
  'response-constraint-changed': ['response-field-retyped', 'response-field-removed'],
  'request-constraint-changed': ['request-field-retyped', 'request-field-removed'],
  'parameter-constraint-changed': ['parameter-retyped', 'parameter-removed'],
};

function dropSubsumed(changes: ContractChange[]): ContractChange[] {
  const kindsAt = new Map<string, Set<ChangeKind>>();
  for (const change of changes) {
    const kinds = kindsAt.get(change.where) ?? new Set<ChangeKind>();
    kinds.add(change.kind);
    kindsAt.set(change.where, kinds);
  }
  return changes.filter((change) => {
    const stronger = subsumedBy[change.kind];
    const kinds = kindsAt.get(change.where);
    if (stronger === undefined || kinds === undefined) return true;
    const subsuming = changes.find(
      (other) => other !== change && other.where === change.where && stronger.includes(other.kind),
    );
    if (subsuming === undefined) return true;
    subsuming.pointers.push(...change.pointers);
    subsuming.origins.push(...change.origins);
    if (classRank[change.class] < classRank[subsuming.class]) subsuming.class = change.class;
    return false;
  });
}
