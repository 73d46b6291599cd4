import { useReducer } from 'react';
import type { components } from '@/api/schema';

export type Link = components['schemas']['Link'];
/** A link just created: an unclaimed one comes with the key that claims it. */
export type CreatedLink = Link | components['schemas']['UnclaimedLink'];

/** The steps an author can be on while a request is not in flight. */
export type FormStep = 'editing' | 'customizing';

export type LinkEditorState =
  | { step: 'none' }
  | { step: FormStep }
  | { step: 'activating'; from: FormStep }
  | { step: 'created'; link: CreatedLink };

export type LinkEditorStep = LinkEditorState['step'];

export type LinkEditorAction =
  /** A destination is entered, or the editor is opened: none → editing. */
  | { type: 'open' }
  /** editing → customizing (the optional step). */
  | { type: 'customize' }
  /** customizing → editing, to change the destination. */
  | { type: 'back' }
  /** editing or customizing → activating: the create request is sent. */
  | { type: 'activate' }
  /** activating → created. */
  | { type: 'succeeded'; link: CreatedLink }
  /** activating → the step that holds the field in error, or the step the request was sent from. */
  | { type: 'failed'; step?: FormStep }
  /** created → editing, for another link. */
  | { type: 'restart' }
  /** Any step → none: close or start over. */
  | { type: 'close' };

export const initialLinkEditorState: LinkEditorState = { step: 'none' };

/** Unknown transitions leave the state as it is (the same object), so stale events do nothing. */
export function linkEditorReducer(
  state: LinkEditorState,
  action: LinkEditorAction,
): LinkEditorState {
  switch (action.type) {
    case 'open':
      return state.step === 'none' ? { step: 'editing' } : state;
    case 'customize':
      return state.step === 'editing' ? { step: 'customizing' } : state;
    case 'back':
      return state.step === 'customizing' ? { step: 'editing' } : state;
    case 'activate':
      return state.step === 'editing' || state.step === 'customizing'
        ? { step: 'activating', from: state.step }
        : state;
    case 'succeeded':
      return state.step === 'activating' ? { step: 'created', link: action.link } : state;
    case 'failed':
      return state.step === 'activating' ? { step: action.step ?? state.from } : state;
    case 'restart':
      return state.step === 'created' ? { step: 'editing' } : state;
    case 'close':
      return state.step === 'none' ? state : initialLinkEditorState;
  }
}

const fieldSteps: Readonly<Record<string, FormStep>> = {
  url: 'editing',
  code: 'customizing',
  parameterKeyValues: 'customizing',
  affiliatePrograms: 'customizing',
  parameters: 'customizing',
  allStores: 'customizing',
};

/** The step of the first field in error (in the server's order), for fields the editor shows. */
export function stepOfFirstFieldError(fieldErrors: Record<string, unknown>): FormStep | undefined {
  for (const field of Object.keys(fieldErrors)) {
    const root = field.split('.')[0] ?? field;
    const step = fieldSteps[root];
    if (step) return step;
  }
  return undefined;
}

/** The step a form field is on; used to send the author to a field a check refused. */
export function stepOfField(field: string): FormStep {
  return stepOfFirstFieldError({ [field]: true }) ?? 'customizing';
}

/** The step the form shows (the one a request was sent from while it is in flight); none once created. */
export function formStepOf(state: LinkEditorState): FormStep | undefined {
  switch (state.step) {
    case 'activating':
      return state.from;
    case 'customizing':
      return 'customizing';
    case 'created':
      return undefined;
    case 'none':
    case 'editing':
      return 'editing';
  }
}

export function useLinkEditor(initialStep: 'none' | FormStep = 'none') {
  return useReducer(linkEditorReducer, initialStep, (step): LinkEditorState => ({ step }));
}
