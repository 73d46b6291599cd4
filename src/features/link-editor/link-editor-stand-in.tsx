import { Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
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
          {/* Mantine's input wrapper: a medium label, its description, then the input. */}
          <div style={{ lineHeight: 'var(--mantine-line-height)' }}>
            <span
              style={{
                display: 'inline-block',
                fontWeight: 'var(--mantine-font-weight-medium)',
                fontSize: 'var(--mantine-font-size-md)',
                overflowWrap: 'break-word',
              }}
            >
              {destinationFieldProps.label}
              <span style={{ color: 'var(--mantine-color-error)' }} aria-hidden="true">
                {' *'}
              </span>
            </span>
            <p
              style={{
                display: 'block',
                margin: 0,
                lineHeight: 1.2,
                overflowWrap: 'break-word',
                color: 'var(--mantine-color-dimmed)',
                fontSize:
                  'calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))',
              }}
            >
              {destinationFieldProps.description}
            </p>
            <Skeleton h={INPUT_HEIGHT_MD} mt="calc(var(--mantine-spacing-xs) / 2)" radius="md" />
          </div>
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
