import { act } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  readLinkEditorDraft,
  type LinkEditorDraft,
} from '@/features/link-editor/link-editor-draft';
import { useLinkEditorForm } from '@/features/link-editor/link-editor-form';
import { emptyLinkEditorValues } from '@/features/link-editor/link-editor-schemas';
import type { FormStep } from '@/features/link-editor/use-link-editor';
import { useSessionEndedDraft } from '@/features/link-editor/use-session-ended-draft';
import { renderHook } from '../../support/render';

vi.mock('@/session/use-session', () => ({ useSessionChecked: () => true }));

const typed = {
  ...emptyLinkEditorValues,
  url: 'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
  code: 'salt-orchard',
};

interface Props {
  restoredDraft: LinkEditorDraft | undefined;
  isAuthenticated: boolean;
  isOpen: boolean;
  formStep: FormStep | undefined;
}

function renderDraft(initialProps: Props) {
  return renderHook(
    (props: Props) => {
      const form = useLinkEditorForm();
      return { form, draft: useSessionEndedDraft({ ...props, form }) };
    },
    { initialProps },
  );
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('useSessionEndedDraft', () => {
  test('restores a draft into the form, and asks to sign in only while signed out', () => {
    const restoredDraft: LinkEditorDraft = { step: 'customizing', values: typed };
    const props: Props = {
      restoredDraft,
      isAuthenticated: false,
      isOpen: true,
      formStep: 'customizing',
    };
    const { result, rerender } = renderDraft(props);

    expect(result.current.form.getValues()).toEqual(typed);
    expect(result.current.draft.signInNeeded).toBe(true);

    rerender({ ...props, isAuthenticated: true });
    expect(result.current.draft.signInNeeded).toBe(false);
  });

  test('a session that ends while the editor is open keeps the input and asks to sign in', () => {
    const props: Props = {
      restoredDraft: undefined,
      isAuthenticated: true,
      isOpen: true,
      formStep: 'customizing',
    };
    const { result, rerender } = renderDraft(props);
    act(() => {
      result.current.form.setValues(typed);
    });
    expect(result.current.draft.signInNeeded).toBe(false);

    rerender({ ...props, isAuthenticated: false });

    expect(result.current.draft.signInNeeded).toBe(true);
    expect(readLinkEditorDraft()).toEqual({ step: 'customizing', values: typed });
  });

  test('a closed editor has nothing to keep when the session ends', () => {
    const props: Props = {
      restoredDraft: undefined,
      isAuthenticated: true,
      isOpen: false,
      formStep: 'editing',
    };
    const { result, rerender } = renderDraft(props);
    rerender({ ...props, isAuthenticated: false });
    expect(result.current.draft.signInNeeded).toBe(false);
    expect(readLinkEditorDraft()).toBeUndefined();
  });

  test('a refused create keeps the draft at once; a created link or a close discards it', () => {
    const props: Props = {
      restoredDraft: undefined,
      isAuthenticated: false,
      isOpen: true,
      formStep: 'editing',
    };
    const { result } = renderDraft(props);
    act(() => {
      result.current.form.setValues(typed);
      result.current.draft.endSession();
    });
    expect(readLinkEditorDraft()).toEqual({ step: 'editing', values: typed });
    expect(result.current.draft.signInNeeded).toBe(true);

    act(() => {
      result.current.draft.discardDraft();
    });
    expect(readLinkEditorDraft()).toBeUndefined();
    expect(result.current.draft.signInNeeded).toBe(false);
  });
});
