import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DestructiveButton } from '@/components/destructive-button';
import { affiliateProgramsQueryOptions, UNSUPPORTED_PROGRAM_NAME } from '@/lib/affiliate-programs';
import {
  countryFlag,
  countryName,
  parameterGroups,
  type ProgramDetails,
  type ProgramParameter,
} from './affiliate-parameters';
import { EditTokenModal, RemoveTokenModal } from './affiliate-token-modals';
import { affiliateTokensQueryOptions, type AffiliateToken } from './settings-queries';
import { SettingsSection } from './settings-section';

function ParameterRow({
  parameter,
  value,
  invalid,
}: {
  parameter: ProgramParameter;
  value: string | undefined;
  invalid: boolean;
}) {
  return (
    <Group id={parameter.name} gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        {parameter.label}
      </Text>
      {value ? (
        <Code>{value}</Code>
      ) : (
        <Text size="sm" fs="italic">
          {parameter.marketplace ? 'Not tagged' : 'None'}
        </Text>
      )}
      {invalid && (
        <Badge color="red" variant="light">
          Wrong format
        </Badge>
      )}
    </Group>
  );
}

function ProgramCard({
  program,
  token,
  onEdit,
  onRemove,
}: {
  program: ProgramDetails;
  token: AffiliateToken | undefined;
  onEdit: (focus?: string) => void;
  onRemove: () => void;
}) {
  const invalid = token?.invalidParameters ?? [];
  const firstInvalid = program.parameters.find((parameter) => invalid.includes(parameter.name));
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={`${program.name} token`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={3} size="h4">
            {program.name}
          </Title>
          {token && (
            <Text size="xs" c="dimmed">
              Added {dayjs(token.createdAt).format('D MMM YYYY')}
            </Text>
          )}
        </div>
        {token ? (
          <Badge color="teal" variant="light">
            In use
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Not added
          </Badge>
        )}
      </Group>
      {firstInvalid && (
        <Alert color="red" title="A saved value has the wrong format" mt="md">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Readers are not tagged with your {firstInvalid.label} until you fix it.{' '}
              {firstInvalid.formatMessage}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => {
                onEdit(firstInvalid.name);
              }}
            >
              Fix your {firstInvalid.label}
            </Button>
          </Stack>
        </Alert>
      )}
      <Stack gap="sm" mt="md">
        {parameterGroups(program).map((group) => (
          <Stack key={group.country ?? 'every-store'} gap={4}>
            {group.country !== null && (
              <Text size="sm" fw={500}>
                <span aria-hidden="true">{countryFlag(group.country)}</span>{' '}
                {countryName(group.country)} · {group.host}
              </Text>
            )}
            {group.parameters.map((parameter) => (
              <ParameterRow
                key={parameter.name}
                parameter={parameter}
                value={token?.parameters[parameter.name]}
                invalid={invalid.includes(parameter.name)}
              />
            ))}
          </Stack>
        ))}
      </Stack>
      <Group mt="lg" gap="xs">
        <Button
          variant="light"
          size="xs"
          onClick={() => {
            onEdit();
          }}
          aria-label={`${token ? 'Edit' : 'Add'} ${program.name} token`}
        >
          {token ? 'Edit' : 'Add'}
        </Button>
        {token && (
          <DestructiveButton onClick={onRemove} aria-label={`Remove ${program.name} token`}>
            Remove
          </DestructiveButton>
        )}
      </Group>
    </Card>
  );
}

/** A token for a program Shelflink no longer supports: it tags nothing and can only be removed. */
function UnsupportedTokenCard({ onRemove }: { onRemove: () => void }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={`${UNSUPPORTED_PROGRAM_NAME} token`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} size="h4">
          {UNSUPPORTED_PROGRAM_NAME}
        </Title>
        <Badge color="gray" variant="light">
          Not used
        </Badge>
      </Group>
      <Text size="sm" mt="sm">
        Shelflink no longer supports this program, so your links do not carry this token. You can
        remove it.
      </Text>
      <Group mt="lg">
        <DestructiveButton
          onClick={onRemove}
          aria-label={`Remove ${UNSUPPORTED_PROGRAM_NAME} token`}
        >
          Remove
        </DestructiveButton>
      </Group>
    </Card>
  );
}

type TokenAction = { kind: 'edit' | 'remove'; programGuid: string; focus?: string };

export function AffiliateTokensSection() {
  const tokens = useSuspenseQuery(affiliateTokensQueryOptions()).data.results;
  const programs = useSuspenseQuery(affiliateProgramsQueryOptions()).data.results;
  const hash = useLocation({ select: (location) => location.hash });
  const [action, setAction] = useState<TokenAction>();
  const [actionOpen, setActionOpen] = useState(false);
  // A link to one parameter (`/settings#tag_GB`) opens its program's form at that field, once.
  const [hashSeen, setHashSeen] = useState<string>();
  const hashProgram =
    hash === hashSeen
      ? undefined
      : programs.find((program) => program.parameters.some((parameter) => parameter.name === hash));
  const current: TokenAction | undefined = hashProgram
    ? { kind: 'edit', programGuid: hashProgram.guid, focus: hash }
    : action;
  const currentOpen = hashProgram !== undefined || actionOpen;

  const tokenFor = (guid: string) =>
    tokens.find((token) => token.programGuid.toLowerCase() === guid.toLowerCase());
  const open = (next: TokenAction) => {
    setHashSeen(hash);
    setAction(next);
    setActionOpen(true);
  };
  const close = () => {
    setHashSeen(hash);
    setActionOpen(false);
  };

  const unsupported = tokens.filter(
    (token) => !programs.some((program) => program.guid === token.programGuid.toLowerCase()),
  );
  const actionProgram = programs.find((program) => program.guid === current?.programGuid);
  const actionToken = current && tokenFor(current.programGuid);

  return (
    <SettingsSection
      id="affiliate-tokens"
      title="Affiliate tokens"
      description="Shelflink adds these to your links' store addresses when readers follow them, old links included, so purchases earn you commission. Amazon pays each marketplace's tracking ID only on that marketplace's store."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {programs.map((program) => (
          <ProgramCard
            key={program.guid}
            program={program}
            token={tokenFor(program.guid)}
            onEdit={(focus) => {
              open({ kind: 'edit', programGuid: program.guid, focus });
            }}
            onRemove={() => {
              open({ kind: 'remove', programGuid: program.guid });
            }}
          />
        ))}
        {unsupported.map((token) => (
          <UnsupportedTokenCard
            key={token.guid}
            onRemove={() => {
              open({ kind: 'remove', programGuid: token.programGuid });
            }}
          />
        ))}
      </SimpleGrid>

      <EditTokenModal
        opened={currentOpen && current?.kind === 'edit'}
        token={actionToken}
        program={actionProgram}
        focus={current?.focus}
        onClose={close}
      />
      <RemoveTokenModal
        opened={currentOpen && current?.kind === 'remove'}
        token={actionToken}
        program={actionProgram}
        onClose={close}
      />
    </SettingsSection>
  );
}
