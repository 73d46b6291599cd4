import '@/components/on-demand-mantine-styles';
import { Anchor, Code, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { ConfirmActions, FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { useFormFailure } from '@/components/use-form-failure';
import {
  describeParameters,
  findAffiliateProgram,
  UNSUPPORTED_PROGRAM_NAME,
  type AffiliateProgram,
} from '@/lib/affiliate-programs';
import { refreshAffiliateSettings, type AffiliateToken } from './settings-queries';
import { TokenParametersForm } from './token-parameters-form';

function SignUpHint({ program }: { program: AffiliateProgram }) {
  return (
    <Text size="sm" c="dimmed">
      {program.summary}{' '}
      {program.signUpUrl && (
        <>
          Not a member yet?{' '}
          <Anchor href={program.signUpUrl} target="_blank" rel="noopener noreferrer">
            Join {program.name}
          </Anchor>
          .
        </>
      )}
    </Text>
  );
}

function AddTokenBody({
  programs,
  onClose,
}: {
  programs: readonly AffiliateProgram[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [programGuid, setProgramGuid] = useState<string | null>(null);
  const create = $api.useMutation('post', '/v1/affiliate-tokens');
  const program = programGuid ? findAffiliateProgram(programGuid) : undefined;

  return (
    <Stack>
      <Select
        label="Retailer program"
        placeholder="Choose a program"
        description="You can save one token for each program."
        data={programs.map((option) => ({ value: option.guid, label: option.name }))}
        value={programGuid}
        onChange={setProgramGuid}
        allowDeselect={false}
        required
      />
      {program ? (
        <>
          <SignUpHint program={program} />
          <TokenParametersForm
            key={program.guid}
            program={program}
            submitLabel="Save token"
            pending={create.isPending}
            onCancel={onClose}
            onSave={async (parameters) => {
              await create.mutateAsync({
                params: { query: { programGuid: program.guid } },
                body: { parameters },
              });
              void refreshAffiliateSettings(queryClient);
              notifications.show({
                color: 'teal',
                title: 'Token saved',
                message: `New links to ${program.name} now carry your token.`,
              });
              onClose();
            }}
          />
        </>
      ) : (
        <FormActions onCancel={onClose} />
      )}
    </Stack>
  );
}

export function AddTokenModal({
  opened,
  programs,
  onClose,
}: {
  opened: boolean;
  programs: readonly AffiliateProgram[];
  onClose: () => void;
}) {
  return (
    <StackedModal opened={opened} onClose={onClose} title="Add an affiliate token" centered>
      <AddTokenBody programs={programs} onClose={onClose} />
    </StackedModal>
  );
}

function EditTokenBody({
  token,
  program,
  onClose,
}: {
  token: AffiliateToken;
  program: AffiliateProgram;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const update = $api.useMutation('put', '/v1/affiliate-tokens');
  return (
    <Stack>
      <SignUpHint program={program} />
      <TokenParametersForm
        program={program}
        saved={token.parameters}
        submitLabel="Save changes"
        pending={update.isPending}
        onCancel={onClose}
        onSave={async (parameters) => {
          await update.mutateAsync({
            params: { query: { guid: token.guid } },
            body: { parameters },
          });
          void refreshAffiliateSettings(queryClient);
          notifications.show({
            color: 'teal',
            title: 'Token updated',
            message: `New links to ${program.name} use the changed token.`,
          });
          onClose();
        }}
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

export function EditTokenModal({ opened, token, onClose }: TokenModalProps) {
  const program = token ? findAffiliateProgram(token.programGuid) : undefined;
  return (
    <StackedModal
      opened={opened && program !== undefined}
      onClose={onClose}
      title={program ? `Edit your ${program.name} token` : 'Edit token'}
      centered
    >
      {token && program && <EditTokenBody token={token} program={program} onClose={onClose} />}
    </StackedModal>
  );
}

function RemoveTokenBody({ token, onClose }: { token: AffiliateToken; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = $api.useMutation('delete', '/v1/affiliate-tokens');
  const failure = useFormFailure();
  const program = findAffiliateProgram(token.programGuid);
  const name = program?.name ?? UNSUPPORTED_PROGRAM_NAME;
  const parameters = describeParameters(program, token.parameters);

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
        New links will no longer carry{' '}
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
        . Links you already made keep working, without the token.
      </Text>
      <FormFailure title="Not removed" message={failure.message} />
      <ConfirmActions confirmLabel="Remove token" onConfirm={confirm} onKeep={onClose} />
    </Stack>
  );
}

export function RemoveTokenModal({ opened, token, onClose }: TokenModalProps) {
  const name = token
    ? (findAffiliateProgram(token.programGuid)?.name ?? UNSUPPORTED_PROGRAM_NAME)
    : '';
  return (
    <StackedModal
      opened={opened && token !== undefined}
      onClose={onClose}
      title={`Remove your ${name} token?`}
      centered
    >
      {token && <RemoveTokenBody token={token} onClose={onClose} />}
    </StackedModal>
  );
}
