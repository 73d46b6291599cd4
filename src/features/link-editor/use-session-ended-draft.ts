import { useEffect, useEffectEvent, useState } from 'react';
import { useSessionChecked } from '@/session/use-session';
import {
  clearLinkEditorDraft,
  saveLinkEditorDraft,
  type LinkEditorDraft,
} from './link-editor-draft';
import type { LinkEditorForm } from './link-editor-form';
import type { FormStep } from './use-link-editor';

interface SessionEndedDraftOptions {
  /** The draft found when the editor opened, read once by the editor. */
  restoredDraft: LinkEditorDraft | undefined;
  form: LinkEditorForm;
  isAuthenticated: boolean;
  isOpen: boolean;
  /** The step the form shows; undefined once the link is created. */
  formStep: FormStep | undefined;
}

/**
 * A signed-in author whose session ends while the editor is open is asked to sign in again, and
 * what they typed is kept in the tab's storage so it survives the sign-in; an editor that opens
 * later restores it. Until they are signed in again the editor sends nothing: a link made now
 * would be an unclaimed one, which they never asked for.
 */
export function useSessionEndedDraft({
  restoredDraft,
  form,
  isAuthenticated,
  isOpen,
  formStep,
}: SessionEndedDraftOptions) {
  const sessionChecked = useSessionChecked();
  // A draft exists only because a session ended.
  const [sessionEnded, setSessionEnded] = useState(restoredDraft !== undefined);
  const [wasSignedIn, setWasSignedIn] = useState(isAuthenticated);
  if (wasSignedIn !== isAuthenticated) {
    setWasSignedIn(isAuthenticated);
    // Any call's 401 or 403 signs the author out; the editor learns of it from the session.
    if (wasSignedIn && isOpen) setSessionEnded(true);
  }
  // Until the server has answered, the session is the one stored in the tab: no guess is shown.
  const signInNeeded = sessionEnded && sessionChecked && !isAuthenticated;

  const keepDraft = () => {
    saveLinkEditorDraft({ step: formStep ?? 'editing', values: form.getValues() });
  };

  const keepDraftOnSessionEnd = useEffectEvent(keepDraft);
  useEffect(() => {
    if (signInNeeded) keepDraftOnSessionEnd();
  }, [signInNeeded]);

  const restoreDraft = useEffectEvent(() => {
    if (restoredDraft) form.setValues(restoredDraft.values);
  });
  useEffect(() => {
    restoreDraft();
  }, []);

  return {
    signInNeeded,
    /** Keeps what is typed now, for the way to the sign-in page. */
    keepDraft,
    /** The create request was refused for want of a session. */
    endSession: () => {
      // Kept at once: the app may leave this page before the editor renders again.
      keepDraft();
      setSessionEnded(true);
    },
    /** The link was created, or the author closed the editor: nothing is left to keep. */
    discardDraft: () => {
      setSessionEnded(false);
      clearLinkEditorDraft();
    },
  };
}
