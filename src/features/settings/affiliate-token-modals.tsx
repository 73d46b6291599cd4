import '@/components/on-demand-mantine-styles';
import { Anchor, Code, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { ConfirmActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { useFormFailure } from '@/components/use-form-failure';
import { findAffiliateProgram, UNSUPPORTED_PROGRAM_NAME } from '@/lib/affiliate-programs';
import { changedValues, type ParameterValues, type ProgramDetails } from './affiliate-parameters';
import { refreshAffiliateSettings, type AffiliateToken } from './settings-queries';
import { TokenParametersForm } from './token-parameters-form';

function SignUpHint({ program }: { program: ProgramDetails }) {
  const about = findAffiliateProgram(program.guid);
  if (!about) return null;
  return (
    <Text size="sm" c="dimmed">
      {about.summary}{' '}
      {about.signUpUrl && (
        <>
          Not a member yet?{' '}
          <Anchor href={about.signUpUrl} target="_blank" rel="noopener noreferrer">
            Join {program.name}
          </Anchor>
          .
        </>
      )}
    </Text>
  );
}

/** Adds the program's token, or changes the saved one by sending only what changed. */
function TokenBody({
  token,
  program,
  focus,
  onClose,
}: {
  token: AffiliateToken | undefined;
  program: ProgramDetails;
  focus: string | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const create = $api.useMutation('post', '/v1/affiliate-tokens');
  const update = $api.useMutation('put', '/v1/affiliate-tokens');

  const save = async (values: ParameterValues) => {
    const parameters = changedValues(token?.parameters ?? {}, values);
    if (Object.keys(parameters).length === 0) {
      onClose();
      return;
    }
    if (token) {
      await update.mutateAsync({ params: { query: { guid: token.guid } }, body: { parameters } });
    } else {
      await create.mutateAsync({
        params: { query: { programGuid: program.guid } },
        body: { parameters },
      });
    }
    void refreshAffiliateSettings(queryClient);
    notifications.show({
      color: 'teal',
      title: token ? 'Token updated' : 'Token saved',
      message: `Your links to ${program.retailer} carry it from now on, old ones too.`,
    });
    onClose();
  };

  return (
    <Stack>
      <SignUpHint program={program} />
      <TokenParametersForm
        program={program}
        saved={token?.parameters}
        invalid={token?.invalidParameters}
        focus={focus}
        submitLabel={token ? 'Save changes' : 'Save token'}
        pending={create.isPending || update.isPending}
        onCancel={onClose}
        onSave={save}
      />
    </Stack>
  );
}

interface TokenModalProps {
  opened: boolean;
  /** Kept while the modal closes, so its title does not change mid-transition. */
  token: AffiliateToken | undefined;
  onClose: () => void;
}

export function EditTokenModal({
  opened,
  token,
  program,
  focus,
  onClose,
}: TokenModalProps & { program: ProgramDetails | undefined; focus?: string }) {
  const title = program
    ? token
      ? `Edit your ${program.name} token`
      : `Add your ${program.name} token`
    : 'Edit token';
  return (
    <StackedModal opened={opened && program !== undefined} onClose={onClose} title={title} centered>
      {program && (
        <TokenBody
          key={`${program.guid}-${focus ?? ''}`}
          token={token}
          program={program}
          focus={focus}
          onClose={onClose}
        />
      )}
    </StackedModal>
  );
}

function RemoveTokenBody({
  token,
  name,
  onClose,
}: {
  token: AffiliateToken;
  name: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = $api.useMutation('delete', '/v1/affiliate-tokens');
  const failure = useFormFailure();
  const parameters = Object.entries(token.parameters).map(([parameterName, value]) => ({
    name: parameterName,
    value,
  }));

  const confirm = async () => {
    failure.clear();
    try {
      await remove.mutateAsync({ params: { query: { guid: token.guid } } });
    } catch (error) {
      failure.apply(splitFormFailure(error, []));
      return;
    }
    void refreshAffiliateSettings(queryClient);
    notifications.show({
      color: 'teal',
      title: 'Token removed',
      message: `Your ${name} token is removed. Links you already made keep working.`,
    });
    onClose();
  };

  return (
    <Stack>
      <Text>
        Your links will no longer carry{' '}
        {parameters.length > 0
          ? parameters.map((parameter, index) => (
              <span key={parameter.name}>
                {index > 0 && ', '}
                <Code>
                  {parameter.name}={parameter.value}
                </Code>
              </span>
            ))
          : 'this token'}
        . They keep working, without the token.
      </Text>
      <FormFailure title="Not removed" message={failure.message} />
      <ConfirmActions confirmLabel="Remove token" onConfirm={confirm} onKeep={onClose} />
    </Stack>
  );
}

export function RemoveTokenModal({
  opened,
  token,
  program,
  onClose,
}: TokenModalProps & { program: ProgramDetails | undefined }) {
  const name = program?.name ?? (token ? UNSUPPORTED_PROGRAM_NAME : '');
  return (
    <StackedModal
      opened={opened && token !== undefined}
      onClose={onClose}
      title={`Remove your ${name} token?`}
      centered
    >
      {token && <RemoveTokenBody token={token} name={name} onClose={onClose} />}
    </StackedModal>
  );
}
