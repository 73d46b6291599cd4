import '@/components/on-demand-mantine-styles';
import { Alert, Button, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError, UNKNOWN_FIELD_ERROR } from '@/api/api-error';
import { AnchorLink } from '@/components/anchor-link';
import { affiliateProgramName, offeredPrograms } from './affiliate-programs';
import type { LinkEditorForm } from './link-editor-form';
import { savedAffiliateTokensQueryOptions } from './link-editor-queries';

interface AffiliateProgramChoicesProps {
  form: LinkEditorForm;
  readOnly: boolean;
}

/** The programs the author saved tokens for: each is on for the link unless the author switches it off. */
export function AffiliateProgramChoices({ form, readOnly }: AffiliateProgramChoicesProps) {
  const tokens = useQuery(savedAffiliateTokensQueryOptions());
  const picked = form.useWatchValue('affiliatePrograms');

  if (tokens.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading your affiliate programs">
        <Skeleton h={14} w={160} />
        <Skeleton h={20} w={220} />
        <Skeleton h={20} w={200} />
      </Stack>
    );
  }

  if (tokens.isError) {
    return (
      <Alert color="orange" title="Your affiliate programs did not load" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {isApiError(tokens.error) ? tokens.error.message : UNKNOWN_FIELD_ERROR} Try again to
            choose the programs this link carries.
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              void tokens.refetch();
            }}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const programs = offeredPrograms(tokens.data.results);
  if (programs.length === 0) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Affiliate programs
        </Text>
        <Text size="sm" c="dimmed">
          You have no affiliate tokens saved yet. Add yours in{' '}
          <AnchorLink to="/settings">Affiliate settings</AnchorLink> and new links will carry them.
        </Text>
      </Stack>
    );
  }

  return (
    <Checkbox.Group
      label="Affiliate programs"
      description="Each program tags this link's store when readers follow it, with your values at that moment. Untick a program to switch it off for this link."
      value={picked ?? programs}
      onChange={(value) => {
        form.setFieldValue('affiliatePrograms', value);
      }}
      readOnly={readOnly}
    >
      <Group gap="lg" mt="xs">
        {programs.map((program) => (
          <Checkbox key={program} value={program} label={affiliateProgramName(program)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
