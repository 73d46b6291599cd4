import { Stepper, useMatches, VisuallyHidden } from '@mantine/core';
import type { FormStep, LinkEditorState } from './use-link-editor';
import { stepOfField } from './use-link-editor';

function stepperIndex(state: LinkEditorState): number {
  switch (state.step) {
    case 'none':
    case 'editing':
      return 0;
    case 'customizing':
      return 1;
    case 'activating':
      return state.from === 'editing' ? 0 : 1;
    case 'created':
      return 3;
  }
}

interface LinkEditorProgressProps {
  state: LinkEditorState;
  /** The step the form shows; undefined once the link is created. */
  formStep: FormStep | undefined;
  /** The fields in error, whose steps need attention. */
  errorFields: readonly string[];
}

/** Where the author is among the editor's three steps: a picture, and a sentence for screen readers. */
export function LinkEditorProgress({ state, formStep, errorFields }: LinkEditorProgressProps) {
  // On a phone the step labels go under their numbers, so the three steps fit on one line.
  const compactStepper = useMatches({ base: true, sm: false });
  const activating = state.step === 'activating';
  const destinationInError = errorFields.includes('url');
  const customizingInError = errorFields.some((field) => stepOfField(field) === 'customizing');

  return (
    <>
      {/* A picture of the progress; the steps are not buttons, and screen readers get the text below. */}
      <Stepper
        active={stepperIndex(state)}
        size={compactStepper ? 'xs' : 'sm'}
        labelPosition={compactStepper ? 'bottom' : 'right'}
        wrap={false}
        allowNextStepsSelect={false}
        aria-hidden
      >
        <Stepper.Step
          label="Destination"
          description={
            destinationInError ? 'Needs attention' : compactStepper ? null : 'Book link or ISBN'
          }
          color={destinationInError ? 'red' : undefined}
          loading={activating && state.from === 'editing'}
        />
        <Stepper.Step
          label="Customize"
          description={customizingInError ? 'Needs attention' : 'Optional'}
          color={customizingInError ? 'red' : undefined}
          loading={activating && state.from === 'customizing'}
        />
        <Stepper.Step label="Share" description={compactStepper ? null : 'Copy or QR code'} />
      </Stepper>
      <VisuallyHidden component="p">
        {state.step === 'created'
          ? 'Step 3 of 3: share your link.'
          : formStep === 'customizing'
            ? 'Step 2 of 3: customize your link (optional).'
            : 'Step 1 of 3: choose where your link leads.'}
      </VisuallyHidden>
    </>
  );
}
