import '@/components/on-demand-mantine-styles';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { qrCode } from '@/components/qr-code/qr-code-later';
import { useFormFailure } from '@/components/use-form-failure';
import { setLinkEditorOpen } from '@/shell/link-editor-visibility';
import { useSession } from '@/session/use-session';
import { CreateFailureAlert, SessionEndedAlert } from './create-failure-alert';
import { CreatedStep } from './created-step';
import { CustomizeStep } from './customize-step';
import { DestinationStep } from './destination-step';
import { readLinkEditorDraft } from './link-editor-draft';
import { useLinkEditorForm } from './link-editor-form';
import { editorFrameProps, editorTitleProps } from './link-editor-look';
import { LinkEditorProgress } from './link-editor-progress';
import { useCreateLink, type CreateLinkFailure } from './use-create-link';
import { formStepOf, stepOfField, useLinkEditor, type FormStep } from './use-link-editor';
import { useEditorFocus } from './use-editor-focus';
import { useSessionEndedDraft } from './use-session-ended-draft';

/** A button of the stand-in shown while the editor loads (link-editor-stand-in.tsx). */
export type StandInButton = 'continue' | 'create';

export interface LinkEditorProps {
  /** 'editing' opens the editor at once (the "New link" button); 'none' waits for a destination. */
  initialStep?: 'none' | 'editing';
  /** Called after the author closes the editor; without it the editor goes back to its empty field. */
  onClose?: () => void;
  /** The button last pressed on the stand-in before the editor loaded; the editor presses it. */
  pressedBeforeLoad?: StandInButton;
}

/**
 * The link editor: a destination (retailer page or ISBN), optional customizing, then the created
 * link with its QR code. The page header is hidden while it is open.
 */
export function LinkEditor({ initialStep = 'none', onClose, pressedBeforeLoad }: LinkEditorProps) {
  const session = useSession();
  const [restoredDraft] = useState(readLinkEditorDraft);
  const [state, dispatch] = useLinkEditor(restoredDraft?.step ?? initialStep);
  const form = useLinkEditorForm();
  const failure = useFormFailure(form);
  const creation = useCreateLink(session.isAuthenticated);
  const isOpen = state.step !== 'none';
  const formStep = formStepOf(state);
  const sessionEnd = useSessionEndedDraft({
    restoredDraft,
    form,
    isAuthenticated: session.isAuthenticated,
    isOpen,
    formStep,
  });
  const [checkingDestination, setCheckingDestination] = useState(false);
  const { rootRef, headingRef, signInRef, focus } = useEditorFocus(
    initialStep === 'editing' ? { field: 'url' } : null,
  );
  const headingId = useId();

  useEffect(() => {
    setLinkEditorOpen(isOpen);
    // The created link's QR code loads on its own; an author on the way to it fetches it early.
    if (isOpen) qrCode.preload();
  }, [isOpen]);
  useEffect(
    () => () => {
      setLinkEditorOpen(false);
    },
    [],
  );

  const focusField = (field: string) => {
    focus({ field });
  };

  const moveTo = (from: FormStep, to: FormStep) => {
    if (from !== to) dispatch({ type: to === 'customizing' ? 'customize' : 'back' });
  };

  const continueToCustomize = async () => {
    if (checkingDestination || (state.step !== 'none' && state.step !== 'editing')) return;
    failure.clear();
    if (form.validateField('url').hasError) {
      focusField('url');
      return;
    }
    setCheckingDestination(true);
    const destination = await creation.resolveDestination(form.getValues().url);
    setCheckingDestination(false);
    if ('urlError' in destination) {
      form.setFieldError('url', destination.urlError);
      focusField('url');
      return;
    }
    dispatch({ type: 'open' });
    dispatch({ type: 'customize' });
    focusField('code');
  };

  const showCreateFailure = (result: CreateLinkFailure) => {
    if (result.kind === 'sessionEnded') {
      sessionEnd.endSession();
      dispatch({ type: 'failed' });
      focus('sign-in');
      return;
    }
    if (result.kind === 'failed') {
      failure.show(result.message);
      dispatch({ type: 'failed' });
      return;
    }
    failure.apply(result);
    dispatch({ type: 'failed', step: result.step });
    if (result.field) focusField(result.field);
  };

  const create = async () => {
    if (state.step === 'none') {
      // Nothing typed yet: say what is needed.
      form.validateField('url');
      focusField('url');
      return;
    }
    if (state.step !== 'editing' && state.step !== 'customizing') return;
    if (sessionEnd.signInNeeded) {
      // Signed out now, a link would be made unclaimed: the author signs in again first.
      focus('sign-in');
      return;
    }
    const from = state.step;
    failure.clear();

    const validation = form.validate();
    if (validation.hasErrors) {
      const field = Object.keys(validation.errors)[0] ?? 'url';
      moveTo(from, stepOfField(field));
      focusField(field);
      return;
    }
    const values = form.getValues();
    dispatch({ type: 'activate' });
    const result = await creation.create(values);
    if (result.kind !== 'created') {
      showCreateFailure(result);
      return;
    }
    sessionEnd.discardDraft();
    dispatch({ type: 'succeeded', link: result.link });
    focus('heading');
  };

  // A button pressed on the stand-in shown while the editor loaded is pressed again here, once.
  const replayStandInButton = useEffectEvent(() => {
    if (pressedBeforeLoad === 'continue') void continueToCustomize();
    else if (pressedBeforeLoad === 'create') void create();
  });
  const replayed = useRef(false);
  useEffect(() => {
    if (replayed.current) return;
    replayed.current = true;
    replayStandInButton();
  }, []);

  const submitCurrentStep = () => {
    if (state.step === 'none' || state.step === 'editing') void continueToCustomize();
    else if (state.step === 'customizing') void create();
  };

  const startAgain = () => {
    form.reset();
    failure.clear();
    creation.reset();
    sessionEnd.discardDraft();
  };

  const close = () => {
    startAgain();
    dispatch({ type: 'close' });
    if (onClose) onClose();
    else focusField('url');
  };

  const createAnother = () => {
    startAgain();
    dispatch({ type: 'restart' });
    focusField('url');
  };

  const back = () => {
    failure.clear();
    dispatch({ type: 'back' });
    focusField('url');
  };

  const activating = state.step === 'activating';

  const failureAlert = sessionEnd.signInNeeded ? (
    <SessionEndedAlert signInRef={signInRef} onSignIn={sessionEnd.keepDraft} />
  ) : (
    <CreateFailureAlert
      message={failure.message}
      onRetry={() => {
        void create();
      }}
    />
  );

  return (
    <Paper
      ref={rootRef}
      component="section"
      aria-labelledby={headingId}
      {...editorFrameProps}
      shadow={isOpen ? 'md' : 'xs'}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title {...editorTitleProps} id={headingId} ref={headingRef} tabIndex={-1}>
            {state.step === 'created' ? 'Your link is ready' : 'Create a short link'}
          </Title>
          {isOpen && (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconX size={16} aria-hidden="true" />}
              onClick={close}
              disabled={activating}
              style={{ flexShrink: 0 }}
            >
              Close
            </Button>
          )}
        </Group>
        {isOpen && (
          <LinkEditorProgress
            state={state}
            formStep={formStep}
            errorFields={Object.keys(form.errors)}
          />
        )}
        {state.step === 'created' ? (
          <CreatedStep link={state.link} onCreateAnother={createAnother} />
        ) : (
          <form
            noValidate
            aria-labelledby={headingId}
            onSubmit={(event) => {
              event.preventDefault();
              submitCurrentStep();
            }}
          >
            {formStep === 'customizing' ? (
              <CustomizeStep
                form={form}
                isAuthenticated={session.isAuthenticated}
                creating={activating}
                failure={failureAlert}
                onBack={back}
                onCreate={() => {
                  void create();
                }}
              />
            ) : (
              <DestinationStep
                form={form}
                busy={checkingDestination || activating}
                creating={activating}
                failure={failureAlert}
                onEntered={() => {
                  dispatch({ type: 'open' });
                }}
                onContinue={() => {
                  void continueToCustomize();
                }}
                onCreate={() => {
                  void create();
                }}
              />
            )}
          </form>
        )}
      </Stack>
    </Paper>
  );
}
