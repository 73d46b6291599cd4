import '@/components/on-demand-mantine-styles';
import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Stepper,
  Text,
  Title,
  useMatches,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { isApiError } from '@/api/api-error';
import type { components } from '@/api/schema';
import { $api } from '@/api/query-client';
import { normalizeVanityCode, VANITY_CODE_TAKEN_MESSAGE } from '@/lib/validation-rules';
import { setLinkEditorOpen } from '@/shell/link-editor-visibility';
import { useSession } from '@/shell/use-session';
import { offeredPrograms } from './affiliate-programs';
import { CreatedStep } from './created-step';
import { CustomizeStep } from './customize-step';
import { DestinationStep } from './destination-step';
import { useLinkEditorForm } from './link-editor-form';
import { editorFrameProps, editorTitleProps } from './link-editor-look';
import { preloadLinkQrCode } from './link-qr-code-loader';
import {
  isbnMetadataQueryOptions,
  linkListQueryKeys,
  savedAffiliateTokensQueryOptions,
  vanityAvailabilityQueryOptions,
} from './link-editor-queries';
import {
  ISBN_NOT_FOUND_MESSAGE,
  parseDestination,
  toCreateLinkRequest,
} from './link-editor-schemas';
import {
  stepOfField,
  stepOfFirstFieldError,
  useLinkEditor,
  type FormStep,
  type LinkEditorState,
} from './use-link-editor';

type VanityAvailability = components['schemas']['VanityAvailability'];

/** Fields shown by the editor; a server error for any other field is shown in the alert. */
const EDITOR_FIELDS = ['url', 'code', 'allStores'];
const CREATE_FAILED_FALLBACK = 'Something went wrong while creating your link. Please try again.';

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

/** A field to focus (by its form path) or the heading, asked for when the step changes. */
type FocusTarget = { field: string } | 'heading';

/** A button of the stand-in shown while the editor loads (deferred-link-editor.tsx). */
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
  const queryClient = useQueryClient();
  const [state, dispatch] = useLinkEditor(initialStep);
  const form = useLinkEditorForm();
  const createLink = $api.useMutation('post', '/v1/links');
  const createUnclaimedLink = $api.useMutation('post', '/v1/links/unclaimed');
  const [failure, setFailure] = useState<string>();
  const [checkingDestination, setCheckingDestination] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(
    initialStep === 'editing' ? { field: 'url' } : null,
  );
  const rootRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // On a phone the step labels go under their numbers, so the three steps fit on one line.
  const compactStepper = useMatches({ base: true, sm: false });

  const isOpen = state.step !== 'none';
  useEffect(() => {
    setLinkEditorOpen(isOpen);
    // The created link's QR code loads on its own; an author on the way to it fetches it early.
    if (isOpen) preloadLinkQrCode();
  }, [isOpen]);
  useEffect(
    () => () => {
      setLinkEditorOpen(false);
    },
    [],
  );

  // Focus follows the author to the next step, or to the field that needs attention.
  useEffect(() => {
    if (focusTarget === null) return;
    if (focusTarget === 'heading') {
      headingRef.current?.focus();
      return;
    }
    rootRef.current
      ?.querySelector<HTMLElement>(`[data-path="${CSS.escape(focusTarget.field)}"]`)
      ?.focus();
  }, [focusTarget]);

  const focusField = (field: string) => {
    setFocusTarget({ field });
  };

  const moveTo = (from: FormStep, to: FormStep) => {
    if (from !== to) dispatch({ type: to === 'customizing' ? 'customize' : 'back' });
  };

  /** The address the link leads to: typed, or the page an ISBN leads to. Undefined after an error at the field. */
  const resolveDestinationUrl = async (): Promise<string | undefined> => {
    const destination = parseDestination(form.getValues().url);
    if (destination.kind === 'url') return destination.url;
    if (destination.kind !== 'isbn') {
      form.validateField('url');
      return undefined;
    }
    try {
      const product = await queryClient.query(isbnMetadataQueryOptions(destination.isbn));
      return product.url;
    } catch (error) {
      const notFound = isApiError(error) && error.status === 404;
      form.setFieldError(
        'url',
        notFound || !isApiError(error) ? ISBN_NOT_FOUND_MESSAGE : error.message,
      );
      return undefined;
    }
  };

  const loadSavedPrograms = async (): Promise<string[]> => {
    try {
      const reply = await queryClient.ensureQueryData(savedAffiliateTokensQueryOptions());
      return offeredPrograms(reply.results);
    } catch {
      // Without the saved tokens the link is still made, just without affiliate programs.
      return [];
    }
  };

  const continueToCustomize = async () => {
    if (checkingDestination || (state.step !== 'none' && state.step !== 'editing')) return;
    setFailure(undefined);
    if (form.validateField('url').hasError) {
      focusField('url');
      return;
    }
    setCheckingDestination(true);
    const url = await resolveDestinationUrl();
    setCheckingDestination(false);
    if (url === undefined) {
      focusField('url');
      return;
    }
    dispatch({ type: 'open' });
    dispatch({ type: 'customize' });
    focusField('code');
  };

  const showCreateFailure = (error: unknown) => {
    if (!isApiError(error)) {
      setFailure(CREATE_FAILED_FALLBACK);
      dispatch({ type: 'failed' });
      return;
    }
    if (error.status === 409) {
      form.setFieldError('code', VANITY_CODE_TAKEN_MESSAGE);
      dispatch({ type: 'failed', step: 'customizing' });
      focusField('code');
      return;
    }
    const step = error.status === 400 ? stepOfFirstFieldError(error.fieldErrors) : undefined;
    if (step === undefined) {
      setFailure(error.responseStatus.message || (error.fieldErrors.unknownError ?? error.message));
      dispatch({ type: 'failed' });
      return;
    }
    form.setErrors(error.fieldErrors);
    const elsewhere = Object.entries(error.fieldErrors)
      .filter(([field]) => !EDITOR_FIELDS.includes(field))
      .map(([, message]) => message);
    if (elsewhere.length > 0) setFailure(elsewhere.join(' '));
    dispatch({ type: 'failed', step });
    const firstField = Object.keys(error.fieldErrors).find((field) =>
      EDITOR_FIELDS.includes(field),
    );
    if (firstField) focusField(firstField);
  };

  const create = async () => {
    if (state.step === 'none') {
      // Nothing typed yet: say what is needed.
      form.validateField('url');
      focusField('url');
      return;
    }
    if (state.step !== 'editing' && state.step !== 'customizing') return;
    const from = state.step;
    setFailure(undefined);

    const validation = form.validate();
    if (validation.hasErrors) {
      const field = Object.keys(validation.errors)[0] ?? 'url';
      moveTo(from, stepOfField(field));
      focusField(field);
      return;
    }
    const values = form.getValues();
    const code = normalizeVanityCode(values.code);
    const availability = queryClient.getQueryData<VanityAvailability>(
      vanityAvailabilityQueryOptions(code).queryKey,
    );
    if (code !== '' && availability?.isAvailable === false) {
      form.setFieldError('code', VANITY_CODE_TAKEN_MESSAGE);
      moveTo(from, 'customizing');
      focusField('code');
      return;
    }

    dispatch({ type: 'activate' });
    const url = await resolveDestinationUrl();
    if (url === undefined) {
      dispatch({ type: 'failed', step: 'editing' });
      focusField('url');
      return;
    }
    const signedIn = session.isAuthenticated;
    const body = toCreateLinkRequest(values, url, signedIn ? await loadSavedPrograms() : []);
    try {
      const link = signedIn
        ? await createLink.mutateAsync({ body })
        : await createUnclaimedLink.mutateAsync({ body });
      if (signedIn) {
        for (const queryKey of linkListQueryKeys) void queryClient.invalidateQueries({ queryKey });
      }
      dispatch({ type: 'succeeded', link });
      setFocusTarget('heading');
    } catch (error) {
      showCreateFailure(error);
    }
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
    setFailure(undefined);
    createLink.reset();
    createUnclaimedLink.reset();
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
    setFailure(undefined);
    dispatch({ type: 'back' });
    focusField('url');
  };

  const activating = state.step === 'activating';
  const formStep: FormStep | undefined =
    state.step === 'activating'
      ? state.from
      : state.step === 'customizing'
        ? 'customizing'
        : state.step === 'created'
          ? undefined
          : 'editing';
  const errorFields = Object.keys(form.errors);
  const destinationInError = errorFields.includes('url');
  const customizingInError = errorFields.some((field) => stepOfField(field) === 'customizing');

  const failureAlert = failure ? (
    <Alert
      color="red"
      title="We could not create your link"
      role="alert"
      icon={<IconAlertCircle aria-hidden="true" />}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{failure}</Text>
        <Text size="sm">Everything you typed is still here.</Text>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => {
            void create();
          }}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  ) : null;

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
          // A picture of the progress; the steps are not buttons, and screen readers get the text below.
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
        )}
        {isOpen && (
          <VisuallyHidden component="p">
            {state.step === 'created'
              ? 'Step 3 of 3: share your link.'
              : formStep === 'customizing'
                ? 'Step 2 of 3: customize your link (optional).'
                : 'Step 1 of 3: choose where your link leads.'}
          </VisuallyHidden>
        )}
        {state.step === 'created' ? (
          <CreatedStep
            link={state.link}
            isAuthenticated={session.isAuthenticated}
            onCreateAnother={createAnother}
          />
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
