import { afterEach, describe, expect, test } from 'vitest';
import {
  clearLinkEditorDraft,
  readLinkEditorDraft,
  saveLinkEditorDraft,
  type LinkEditorDraft,
} from '@/features/link-editor/link-editor-draft';
import { emptyLinkEditorValues } from '@/features/link-editor/link-editor-schemas';

const draft: LinkEditorDraft = {
  step: 'customizing',
  values: {
    ...emptyLinkEditorValues,
    url: 'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
    code: 'salt-orchard',
    affiliatePrograms: ['9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10'],
    parameters: [{ id: 'row-1', key: 'utm_campaign', value: 'autumn-tour' }],
    localise: false,
  },
};

function storedText(): string {
  return JSON.stringify(Object.entries(window.sessionStorage));
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('the link editor draft', () => {
  test('reads back what was saved, in this tab only', () => {
    expect(readLinkEditorDraft()).toBeUndefined();
    saveLinkEditorDraft(draft);
    expect(readLinkEditorDraft()).toEqual(draft);
    expect(window.localStorage.length).toBe(0);
  });

  test('keeps the input only, never anything else handed to it', () => {
    saveLinkEditorDraft({
      ...draft,
      values: { ...draft.values, sessionId: 'secret-session' },
      token: 'secret-token',
    } as LinkEditorDraft);
    expect(storedText()).not.toContain('secret');
    expect(readLinkEditorDraft()).toEqual(draft);
  });

  test('ignores a stored draft of the wrong shape', () => {
    window.sessionStorage.setItem('shelflink.link-editor-draft', '{"step":"created"}');
    expect(readLinkEditorDraft()).toBeUndefined();
    window.sessionStorage.setItem('shelflink.link-editor-draft', 'not json');
    expect(readLinkEditorDraft()).toBeUndefined();
  });

  test('is gone once cleared', () => {
    saveLinkEditorDraft(draft);
    clearLinkEditorDraft();
    expect(readLinkEditorDraft()).toBeUndefined();
    expect(window.sessionStorage.length).toBe(0);
  });
});
