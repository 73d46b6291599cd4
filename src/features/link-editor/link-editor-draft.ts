import * as v from 'valibot';
import type { LinkEditorValues } from './link-editor-schemas';
import type { FormStep } from './use-link-editor';

/**
 * What an author had typed into the editor when their session ended, kept for the tab so it
 * survives signing in again. Input only: it never holds a token or anything the server sent.
 */
export interface LinkEditorDraft {
  step: FormStep;
  values: LinkEditorValues;
}

const DRAFT_KEY = 'shelflink.link-editor-draft';

// Unknown keys are dropped, so only the editor's input is ever read back.
const draftSchema = v.object({
  step: v.picklist(['editing', 'customizing']),
  values: v.object({
    url: v.string(),
    code: v.string(),
    affiliatePrograms: v.nullable(v.array(v.string())),
    parameters: v.array(v.object({ id: v.string(), key: v.string(), value: v.string() })),
    localise: v.boolean(),
    allStores: v.boolean(),
  }),
});

export function readLinkEditorDraft(): LinkEditorDraft | undefined {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return undefined;
    const result = v.safeParse(draftSchema, JSON.parse(raw));
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}

export function saveLinkEditorDraft(draft: LinkEditorDraft): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(v.parse(draftSchema, draft)));
  } catch {
    // Without storage the input stays on screen; it is only lost if the page is left.
  }
}

export function clearLinkEditorDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was stored.
  }
}
