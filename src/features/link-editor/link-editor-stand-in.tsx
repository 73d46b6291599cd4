import { Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import type { StandInButton } from './link-editor';
import {
  destinationFieldProps,
  editorFrameProps,
  editorTitleProps,
  INPUT_HEIGHT_MD,
} from './link-editor-look';

/**
 * The editor's first step as the editor draws it (frame, heading, the field's label and
 * description in the same type, the buttons), with a skeleton where the field will be.
 */
export function LinkEditorStandIn({ onPress }: { onPress: (button: StandInButton) => void }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-busy="true"
      {...editorFrameProps}
      shadow="xs"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title {...editorTitleProps} id={headingId}>
            Create a short link
          </Title>
        </Group>
        <Stack gap="md">
          {/* The field's label and description in the type of a medium Mantine input wrapper. */}
          <Box lh="var(--mantine-line-height)">
            <Text component="span" display="inline-block" fw={500} fz="md" lh="inherit">
              {destinationFieldProps.label}
              <Text component="span" c="var(--mantine-color-error)" inherit aria-hidden="true">
                {' *'}
              </Text>
            </Text>
            <Text
              c="dimmed"
              fz="calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))"
              lh={1.2}
            >
              {destinationFieldProps.description}
            </Text>
            <Skeleton h={INPUT_HEIGHT_MD} mt="calc(var(--mantine-spacing-xs) / 2)" radius="md" />
          </Box>
          <Group gap="sm">
            <Button
              size="md"
              rightSection={<IconArrowRight size={18} aria-hidden="true" />}
              onClick={() => {
                onPress('continue');
              }}
            >
              Continue
            </Button>
            <Button
              variant="light"
              size="md"
              onClick={() => {
                onPress('create');
              }}
            >
              Create link now
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
