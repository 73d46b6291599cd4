import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  formStepOf,
  initialLinkEditorState,
  linkEditorReducer,
  stepOfField,
  stepOfFirstFieldError,
  useLinkEditor,
  type LinkEditorAction,
  type LinkEditorState,
} from '@/features/link-editor/use-link-editor';
import { createdLink } from '../../support/api-client';

const link = createdLink();

const none: LinkEditorState = { step: 'none' };
const editing: LinkEditorState = { step: 'editing' };
const customizing: LinkEditorState = { step: 'customizing' };
const activatingFromEditing: LinkEditorState = { step: 'activating', from: 'editing' };
const activatingFromCustomizing: LinkEditorState = { step: 'activating', from: 'customizing' };
const created: LinkEditorState = { step: 'created', link };

const allStates = [
  none,
  editing,
  customizing,
  activatingFromEditing,
  activatingFromCustomizing,
  created,
];

describe('linkEditorReducer', () => {
  it('starts with no link being made', () => {
    expect(initialLinkEditorState).toEqual({ step: 'none' });
  });

  it('opens for editing when a destination is entered', () => {
    expect(linkEditorReducer(none, { type: 'open' })).toEqual({ step: 'editing' });
  });

  it('moves from editing to the optional customizing step and back', () => {
    expect(linkEditorReducer(editing, { type: 'customize' })).toEqual({ step: 'customizing' });
    expect(linkEditorReducer(customizing, { type: 'back' })).toEqual({ step: 'editing' });
  });

  it('activates from editing (skipping customizing) or from customizing, remembering where from', () => {
    expect(linkEditorReducer(editing, { type: 'activate' })).toEqual(activatingFromEditing);
    expect(linkEditorReducer(customizing, { type: 'activate' })).toEqual(activatingFromCustomizing);
  });

  it('shows the created link when the request succeeds', () => {
    expect(linkEditorReducer(activatingFromCustomizing, { type: 'succeeded', link })).toEqual(
      created,
    );
  });

  it('returns to the step the request was sent from when it fails without naming a field', () => {
    expect(linkEditorReducer(activatingFromEditing, { type: 'failed' })).toEqual(editing);
    expect(linkEditorReducer(activatingFromCustomizing, { type: 'failed' })).toEqual(customizing);
  });

  it('returns to the step of the field in error when the failure names one', () => {
    expect(
      linkEditorReducer(activatingFromCustomizing, { type: 'failed', step: 'editing' }),
    ).toEqual(editing);
    expect(
      linkEditorReducer(activatingFromEditing, { type: 'failed', step: 'customizing' }),
    ).toEqual(customizing);
  });

  it('starts another link after one was created', () => {
    expect(linkEditorReducer(created, { type: 'restart' })).toEqual(editing);
  });

  it('closes from every open step', () => {
    for (const state of allStates.filter((candidate) => candidate.step !== 'none')) {
      expect(linkEditorReducer(state, { type: 'close' })).toEqual(none);
    }
    expect(linkEditorReducer(none, { type: 'close' })).toBe(none);
  });

  it('ignores every transition that is not allowed, keeping the same state object', () => {
    const allowed: Record<LinkEditorAction['type'], LinkEditorState['step'][]> = {
      open: ['none'],
      customize: ['editing'],
      back: ['customizing'],
      activate: ['editing', 'customizing'],
      succeeded: ['activating'],
      failed: ['activating'],
      restart: ['created'],
      close: ['editing', 'customizing', 'activating', 'created'],
    };
    const actions: LinkEditorAction[] = [
      { type: 'open' },
      { type: 'customize' },
      { type: 'back' },
      { type: 'activate' },
      { type: 'succeeded', link },
      { type: 'failed' },
      { type: 'restart' },
      { type: 'close' },
    ];
    for (const state of allStates) {
      for (const action of actions) {
        const next = linkEditorReducer(state, action);
        if (allowed[action.type].includes(state.step)) expect(next).not.toBe(state);
        else expect(next).toBe(state);
      }
    }
  });

  it('ignores a late answer after the editor was closed', () => {
    const closed = linkEditorReducer(activatingFromCustomizing, { type: 'close' });
    expect(linkEditorReducer(closed, { type: 'succeeded', link })).toBe(closed);
    expect(linkEditorReducer(closed, { type: 'failed' })).toBe(closed);
  });
});

describe('stepOfFirstFieldError', () => {
  it('picks the step of the first field the server named', () => {
    expect(stepOfFirstFieldError({ url: 'bad', code: 'short' })).toBe('editing');
    expect(stepOfFirstFieldError({ code: 'short', url: 'bad' })).toBe('customizing');
    expect(stepOfFirstFieldError({ parameterKeyValues: 'too many' })).toBe('customizing');
    expect(stepOfFirstFieldError({ affiliatePrograms: 'unknown' })).toBe('customizing');
    expect(stepOfFirstFieldError({ allStores: 'ISBN unknown' })).toBe('customizing');
  });

  it('skips fields the editor does not show', () => {
    expect(stepOfFirstFieldError({ unknownError: 'x', code: 'taken' })).toBe('customizing');
    expect(stepOfFirstFieldError({ unknownError: 'x' })).toBeUndefined();
    expect(stepOfFirstFieldError({})).toBeUndefined();
  });
});

describe('stepOfField', () => {
  it('places the destination on the editing step and everything else on customizing', () => {
    expect(stepOfField('url')).toBe('editing');
    expect(stepOfField('code')).toBe('customizing');
    expect(stepOfField('parameters.2.key')).toBe('customizing');
  });
});

describe('useLinkEditor', () => {
  it('starts at none by default, or open for editing', () => {
    expect(renderHook(() => useLinkEditor()).result.current[0]).toEqual(none);
    expect(renderHook(() => useLinkEditor('editing')).result.current[0]).toEqual(editing);
  });

  it('walks through a whole link', () => {
    const { result } = renderHook(() => useLinkEditor());
    const steps: string[] = [];
    const send = (action: LinkEditorAction) => {
      act(() => {
        result.current[1](action);
      });
      steps.push(result.current[0].step);
    };
    send({ type: 'open' });
    send({ type: 'customize' });
    send({ type: 'activate' });
    send({ type: 'failed' });
    send({ type: 'activate' });
    send({ type: 'succeeded', link });
    send({ type: 'close' });
    expect(steps).toEqual([
      'editing',
      'customizing',
      'activating',
      'customizing',
      'activating',
      'created',
      'none',
    ]);
  });
});

describe('formStepOf', () => {
  it('is the step the form shows: the one a request was sent from while it is in flight', () => {
    expect(formStepOf(none)).toBe('editing');
    expect(formStepOf(editing)).toBe('editing');
    expect(formStepOf(customizing)).toBe('customizing');
    expect(formStepOf(activatingFromCustomizing)).toBe('customizing');
    expect(formStepOf(activatingFromEditing)).toBe('editing');
    expect(formStepOf(created)).toBeUndefined();
  });
});
