import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { AffiliateProgramChoices } from './affiliate-program-choices';
import { DuplicateLinkWarning } from './duplicate-link-warning';
import type { LinkEditorStepProps } from './link-editor-form';
import { isAppleBooksUrl } from './link-editor-schemas';
import { LinkPreview } from './link-preview';
import { ParameterRows } from './parameter-rows';
import { StoreChoice } from './store-choice';
import { useDestinationProduct } from './use-destination-product';
import { VanityCodeField } from './vanity-code-field';

interface CustomizeStepProps extends LinkEditorStepProps {
  isAuthenticated: boolean;
  onBack: () => void;
}

export function CustomizeStep({
  form,
  isAuthenticated,
  creating,
  failure,
  onBack,
  onCreate,
}: CustomizeStepProps) {
  const destination = form.useWatchValue('url');
  const allStores = form.useWatchValue('allStores');
  // An ISBN leads to the page its lookup found.
  const { parsed, isbnQuery } = useDestinationProduct(destination);
  const destinationUrl = parsed.kind === 'url' ? parsed.url : isbnQuery.data?.url;
  // Both "Change destination" and "Back" return to the first step, which waits while the link is
  // being created.
  const backButtonProps = { onClick: onBack, disabled: creating };
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            Destination
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden="true" />}
            {...backButtonProps}
          >
            Change destination
          </Button>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {destination}
        </Text>
        <LinkPreview destination={destination} />
      </Stack>
      <StoreChoice form={form} destination={destination} readOnly={creating} />
      {isAuthenticated && (
        <DuplicateLinkWarning destinationUrl={destinationUrl} allStores={allStores} />
      )}
      <VanityCodeField form={form} readOnly={creating} onSubmitStep={onCreate} />
      {isAuthenticated ? (
        <AffiliateProgramChoices form={form} readOnly={creating} />
      ) : (
        isAppleBooksUrl(destinationUrl) && (
          <Text size="sm" c="dimmed">
            Earn commission from Apple Books: add your Apple Services token when you claim the link
            after creating it.
          </Text>
        )
      )}
      <Divider />
      <ParameterRows form={form} readOnly={creating} />
      {failure}
      <Group gap="sm">
        <Button
          variant="default"
          size="md"
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          {...backButtonProps}
        >
          Back
        </Button>
        <Button type="submit" size="md" loading={creating}>
          Create link
        </Button>
      </Group>
    </Stack>
  );
}
