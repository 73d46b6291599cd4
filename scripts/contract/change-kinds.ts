// What kind of change each api-smart-diff diff is, named for a reader ("response field removed"),
// and why a breaking kind breaks a client written against the base contract.
import type { Diff } from 'api-smart-diff';
import type { ChangeLocation } from './locate';

export type ChangeKind =
  | 'operation-removed'
  | 'operation-added'
  | 'operation-deprecated'
  | 'parameter-added'
  | 'parameter-added-required'
  | 'parameter-removed'
  | 'parameter-now-required'
  | 'parameter-now-optional'
  | 'parameter-retyped'
  | 'parameter-enum-narrowed'
  | 'parameter-enum-widened'
  | 'parameter-constraint-changed'
  | 'parameter-serialization-changed'
  | 'request-body-added'
  | 'request-body-removed'
  | 'request-body-now-required'
  | 'request-media-type-added'
  | 'request-media-type-removed'
  | 'request-field-added'
  | 'request-field-added-required'
  | 'request-field-removed'
  | 'request-field-now-required'
  | 'request-field-now-optional'
  | 'request-field-retyped'
  | 'request-enum-narrowed'
  | 'request-enum-widened'
  | 'request-constraint-changed'
  | 'response-status-added'
  | 'response-status-removed'
  | 'response-media-type-added'
  | 'response-media-type-removed'
  | 'response-field-added'
  | 'response-field-removed'
  | 'response-field-now-optional'
  | 'response-field-now-required'
  | 'response-field-retyped'
  | 'response-enum-widened'
  | 'response-enum-narrowed'
  | 'response-constraint-changed'
  | 'response-header-changed'
  | 'security-changed'
  | 'servers-changed'
  | 'example-changed'
  | 'documentation'
  | 'other';

export const breakingReasons: Partial<Record<ChangeKind, string>> = {
  'operation-removed': 'Clients calling it get 404 Not Found.',
  'parameter-added-required': 'Existing calls do not send it and are rejected.',
  'parameter-now-required': 'Existing calls that omit it are rejected.',
  'parameter-removed': 'Clients still send it and lose what it did, or are rejected.',
  'parameter-retyped': 'Values clients send in it may be rejected.',
  'parameter-enum-narrowed': 'Values clients send are rejected.',
  'parameter-constraint-changed': 'Values clients send today may be rejected.',
  'parameter-serialization-changed': 'Clients encode it the old way and are misread.',
  'request-body-added': 'Existing calls send no body and are rejected.',
  'request-body-now-required': 'Existing calls send no body and are rejected.',
  'request-body-removed': 'Clients still send a body the server no longer accepts.',
  'request-media-type-removed': 'Clients sending this content type are rejected.',
  'request-field-added': 'Existing requests are checked against a rule they were not written for.',
  'request-field-added-required': 'Existing requests do not include it and are rejected.',
  'request-field-now-required': 'Existing requests that omit it are rejected.',
  'request-field-removed': 'Clients still send it; the server rejects or ignores it.',
  'request-field-retyped': 'Values clients send have the old type and are rejected.',
  'request-enum-narrowed': 'Values clients send are rejected.',
  'request-constraint-changed': 'Values clients send today may be rejected.',
  'response-status-removed': 'Clients that handle this status get one they were not written for.',
  'response-media-type-removed': 'Clients that read this content type break.',
  'response-field-removed': 'Clients reading it get undefined and break.',
  'response-field-now-optional': 'Clients that rely on it being present break when it is missing.',
  'response-field-retyped': 'Clients reading it get a value of another type.',
  'response-enum-widened': 'Clients get values they do not know how to handle.',
  'response-enum-narrowed': 'Clients that branch on the removed values never see them again.',
  'response-constraint-changed': 'Clients may get values outside what they were written for.',
  'response-header-changed': 'Clients reading this header break.',
  'security-changed': 'Credentials clients send may no longer be accepted.',
  'servers-changed': 'Clients pointed at the old address fail.',
  other: 'Clients written against the base contract may break.',
};

const documentationKeywords = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  'tags',
  'operationId',
  'deprecated',
]);

const serializationKeywords = new Set(['style', 'explode', 'allowReserved', 'name', 'in']);

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(' | ');
  return value === undefined ? 'any' : short(value);
}

interface Kinded {
  kind: ChangeKind;
  what: string;
}

type Side = 'parameter' | 'request' | 'response';

interface SideKinds {
  retyped: ChangeKind;
  enumAdded: ChangeKind;
  enumRemoved: ChangeKind;
  constraint: ChangeKind;
  fieldAdded: ChangeKind;
  requiredFieldAdded: ChangeKind;
  fieldRemoved: ChangeKind;
  nowRequired: ChangeKind;
  nowOptional: ChangeKind;
}

/** What each schema change means in a parameter, a request body or a response body. */
const sideKinds: Record<Side, SideKinds> = {
  parameter: {
    retyped: 'parameter-retyped',
    enumAdded: 'parameter-enum-widened',
    enumRemoved: 'parameter-enum-narrowed',
    constraint: 'parameter-constraint-changed',
    fieldAdded: 'parameter-constraint-changed',
    requiredFieldAdded: 'parameter-constraint-changed',
    fieldRemoved: 'parameter-constraint-changed',
    nowRequired: 'parameter-constraint-changed',
    nowOptional: 'parameter-constraint-changed',
  },
  request: {
    retyped: 'request-field-retyped',
    enumAdded: 'request-enum-widened',
    enumRemoved: 'request-enum-narrowed',
    constraint: 'request-constraint-changed',
    fieldAdded: 'request-field-added',
    requiredFieldAdded: 'request-field-added-required',
    fieldRemoved: 'request-field-removed',
    nowRequired: 'request-field-now-required',
    nowOptional: 'request-field-now-optional',
  },
  response: {
    retyped: 'response-field-retyped',
    enumAdded: 'response-enum-widened',
    enumRemoved: 'response-enum-narrowed',
    constraint: 'response-constraint-changed',
    fieldAdded: 'response-field-added',
    requiredFieldAdded: 'response-field-added',
    fieldRemoved: 'response-field-removed',
    nowRequired: 'response-field-now-required',
    nowOptional: 'response-field-now-optional',
  },
};

function verbOf(action: Diff['action']): string {
  return action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'changed';
}

function schemaKind(
  side: Side,
  location: ChangeLocation,
  diff: Diff,
  addedPropertyRequired: boolean,
): Kinded {
  const kinds = sideKinds[side];
  const { keyword } = location;
  const { action } = diff;
  if (keyword === undefined) return { kind: kinds.retyped, what: `schema ${verbOf(action)}` };
  if (documentationKeywords.has(keyword)) {
    return { kind: 'documentation', what: `${keyword} ${verbOf(action)}` };
  }
  if (keyword === 'type') {
    return {
      kind: kinds.retyped,
      what: `type ${describeType(diff.before)} → ${describeType(diff.after)}`,
    };
  }
  if (keyword === 'enum' && action === 'add') {
    return { kind: kinds.enumAdded, what: `enum value added: ${short(diff.after)}` };
  }
  if (keyword === 'enum' && action === 'remove') {
    return { kind: kinds.enumRemoved, what: `enum value removed: ${short(diff.before)}` };
  }
  if (keyword === 'properties' && action === 'add') {
    return addedPropertyRequired
      ? { kind: kinds.requiredFieldAdded, what: 'required field added' }
      : {
          kind: kinds.fieldAdded,
          what: side === 'response' ? 'field added' : 'optional field added',
        };
  }
  if (keyword === 'properties' && action === 'remove') {
    return { kind: kinds.fieldRemoved, what: 'field removed' };
  }
  if (keyword === 'required' && action === 'add') {
    return { kind: kinds.nowRequired, what: 'field now required' };
  }
  if (keyword === 'required' && action === 'remove') {
    return { kind: kinds.nowOptional, what: 'field no longer required' };
  }
  const what =
    action === 'add'
      ? `${keyword} ${short(diff.after)} added`
      : action === 'remove'
        ? `${keyword} ${short(diff.before)} removed`
        : `${keyword} ${short(diff.before)} → ${short(diff.after)}`;
  return { kind: kinds.constraint, what };
}

/** A change to a request or response body's own keywords: its content types, examples, docs. */
function bodyKeywordKind(
  side: 'request' | 'response',
  keyword: string,
  location: ChangeLocation,
  action: Diff['action'],
): Kinded {
  const verb = verbOf(action);
  if (keyword === 'content') {
    const mediaType = location.mediaType ?? '';
    return action === 'add'
      ? { kind: `${side}-media-type-added`, what: `content type ${mediaType} added` }
      : action === 'remove'
        ? { kind: `${side}-media-type-removed`, what: `content type ${mediaType} removed` }
        : { kind: 'other', what: 'content type changed' };
  }
  if (keyword === 'examples' || keyword === 'example') {
    return { kind: 'example-changed', what: `example ${verb}` };
  }
  return documentationKeywords.has(keyword)
    ? { kind: 'documentation', what: `${keyword} ${verb}` }
    : { kind: 'other', what: `${keyword} ${verb}` };
}

export function kindOf(
  location: ChangeLocation,
  diff: Diff,
  addedPropertyRequired: boolean,
): Kinded {
  const { action } = diff;
  const verb = verbOf(action);
  switch (location.part) {
    case 'operation': {
      if (location.keyword === undefined) {
        return action === 'remove'
          ? { kind: 'operation-removed', what: 'operation removed' }
          : action === 'add'
            ? { kind: 'operation-added', what: 'operation added' }
            : { kind: 'other', what: 'operation changed' };
      }
      if (location.keyword === 'deprecated') {
        return { kind: 'operation-deprecated', what: `deprecated ${verb}` };
      }
      if (documentationKeywords.has(location.keyword)) {
        return { kind: 'documentation', what: `${location.keyword} ${verb}` };
      }
      return { kind: 'other', what: `${location.keyword} ${verb}` };
    }
    case 'parameter': {
      const keyword = location.keyword;
      if (keyword === undefined) {
        if (action === 'add') {
          return location.parameter?.required === true
            ? {
                kind: 'parameter-added-required',
                what: `required ${location.parameter.in} parameter added`,
              }
            : { kind: 'parameter-added', what: 'optional parameter added' };
        }
        return action === 'remove'
          ? { kind: 'parameter-removed', what: 'parameter removed' }
          : { kind: 'parameter-serialization-changed', what: 'parameter replaced' };
      }
      if (keyword === 'required') {
        const nowRequired = action !== 'remove' && diff.after === true;
        return nowRequired
          ? { kind: 'parameter-now-required', what: 'parameter now required' }
          : { kind: 'parameter-now-optional', what: 'parameter now optional' };
      }
      if (serializationKeywords.has(keyword)) {
        return { kind: 'parameter-serialization-changed', what: `${keyword} ${verb}` };
      }
      if (location.fieldPath === undefined) {
        if (documentationKeywords.has(keyword))
          return { kind: 'documentation', what: `${keyword} ${verb}` };
        if (keyword === 'deprecated') return { kind: 'documentation', what: `deprecated ${verb}` };
        return { kind: 'other', what: `${keyword} ${verb}` };
      }
      return schemaKind('parameter', location, diff, false);
    }
    case 'request': {
      if (location.fieldPath !== undefined)
        return schemaKind('request', location, diff, addedPropertyRequired);
      const keyword = location.keyword;
      if (keyword === undefined) {
        return action === 'add'
          ? { kind: 'request-body-added', what: 'request body added' }
          : action === 'remove'
            ? { kind: 'request-body-removed', what: 'request body removed' }
            : { kind: 'other', what: 'request body changed' };
      }
      if (keyword === 'required') {
        return action !== 'remove' && diff.after === true
          ? { kind: 'request-body-now-required', what: 'request body now required' }
          : { kind: 'other', what: 'request body now optional' };
      }
      return bodyKeywordKind('request', keyword, location, action);
    }
    case 'response': {
      if (location.fieldPath !== undefined) return schemaKind('response', location, diff, false);
      const keyword = location.keyword;
      if (keyword === undefined) {
        return action === 'add'
          ? { kind: 'response-status-added', what: `response ${location.status ?? ''} added` }
          : action === 'remove'
            ? { kind: 'response-status-removed', what: `response ${location.status ?? ''} removed` }
            : { kind: 'other', what: 'response changed' };
      }
      return bodyKeywordKind('response', keyword, location, action);
    }
    case 'response-header':
      return location.keyword !== undefined && documentationKeywords.has(location.keyword)
        ? { kind: 'documentation', what: `${location.keyword} ${verb}` }
        : { kind: 'response-header-changed', what: `header ${verb}` };
    case 'security':
      return { kind: 'security-changed', what: `security ${verb}` };
    case 'servers':
      return { kind: 'servers-changed', what: `servers ${verb}` };
    case 'document':
      return { kind: 'documentation', what: verb };
  }
}
