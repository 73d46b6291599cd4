import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  describeParameters,
  findAffiliateProgram,
  programsAvailableToAdd,
  UNSUPPORTED_PROGRAM_NAME,
} from '@/lib/affiliate-programs';
import { AddTokenModal, EditTokenModal, RemoveTokenModal } from './affiliate-token-modals';
import { affiliateTokensQueryOptions, type AffiliateToken } from './settings-queries';
import { SettingsSection } from './settings-section';
import { DestructiveButton } from '@/components/destructive-button';

function TokenCard({
  token,
  onEdit,
  onRemove,
}: {
  token: AffiliateToken;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const program = findAffiliateProgram(token.programGuid);
  const name = program?.name ?? UNSUPPORTED_PROGRAM_NAME;
  const parameters = describeParameters(program, token.parameters);

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={`${name} token`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={3} size="h4">
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            Added {dayjs(token.createdAt).format('D MMM YYYY')}
          </Text>
        </div>
        {program ? (
          <Badge color="teal" variant="light">
            In use
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Not used
          </Badge>
        )}
      </Group>
      {!program && (
        <Text size="sm" mt="sm">
          Shelflink no longer supports this program, so new links do not carry this token. You can
          remove it.
        </Text>
      )}
      <Stack gap={6} mt="md">
        {parameters.map((parameter) => (
          <Group key={parameter.name} gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {parameter.label}
            </Text>
            <Code>{parameter.value}</Code>
          </Group>
        ))}
      </Stack>
      <Group mt="lg" gap="xs">
        {program && (
          <Button variant="light" size="xs" onClick={onEdit} aria-label={`Edit ${name} token`}>
            Edit
          </Button>
        )}
        <DestructiveButton onClick={onRemove} aria-label={`Remove ${name} token`}>
          Remove
        </DestructiveButton>
      </Group>
    </Card>
  );
}

type TokenAction = { kind: 'edit' | 'remove'; token: AffiliateToken };

export function AffiliateTokensSection() {
  const { data } = useSuspenseQuery(affiliateTokensQueryOptions());
  const tokens = data.results;
  const available = programsAvailableToAdd(tokens.map((token) => token.programGuid));
  const [adding, setAdding] = useState(false);
  const [action, setAction] = useState<TokenAction>();
  const [actionOpen, setActionOpen] = useState(false);

  const open = (kind: TokenAction['kind'], token: AffiliateToken) => {
    setAction({ kind, token });
    setActionOpen(true);
  };
  const closeAction = () => {
    setActionOpen(false);
  };

  const addButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => {
        setAdding(true);
      }}
      disabled={available.length === 0}
    >
      Add a token
    </Button>
  );

  return (
    <SettingsSection
      id="affiliate-tokens"
      title="Affiliate tokens"
      description="Shelflink adds these to the retailer links it creates for you, so purchases through your links earn you commission. One token per program."
      aside={tokens.length > 0 && addButton}
    >
      {tokens.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="flex-start">
            <Text fw={500}>You have not added any affiliate tokens yet.</Text>
            <Text size="sm" c="dimmed">
              Add your token for Amazon Associates, Apple Services, Bookshop.org or Rakuten Kobo,
              and new links to those stores will carry it.
            </Text>
            {addButton}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {tokens.map((token) => (
            <TokenCard
              key={token.guid}
              token={token}
              onEdit={() => {
                open('edit', token);
              }}
              onRemove={() => {
                open('remove', token);
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {available.length === 0 && (
        <Text size="sm" c="dimmed">
          You have a token for every program Shelflink supports. Edit one to change it.
        </Text>
      )}

      <AddTokenModal
        opened={adding}
        programs={available}
        onClose={() => {
          setAdding(false);
        }}
      />
      <EditTokenModal
        opened={actionOpen && action?.kind === 'edit'}
        token={action?.token}
        onClose={closeAction}
      />
      <RemoveTokenModal
        opened={actionOpen && action?.kind === 'remove'}
        token={action?.token}
        onClose={closeAction}
      />
    </SettingsSection>
  );
}
