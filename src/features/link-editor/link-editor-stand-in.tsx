import { Group, InputDescription, InputLabel, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { FirstStepButtons } from './first-step-buttons';
import type { StandInButton } from './link-editor';
import {
  destinationFieldLook,
  editorFrameProps,
  editorTitleProps,
  INPUT_HEIGHT_MD,
} from './link-editor-look';

/**
 * The editor's first step as the editor draws it (frame, heading, the field's label and
 * description, the buttons), with a skeleton where the field will be.
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
          {/* The field's own label and description, with a skeleton where the field will be. */}
          <div>
            <InputLabel required size="md" labelElement="div">
              {destinationFieldLook.label}
            </InputLabel>
            <InputDescription size="md">{destinationFieldLook.description}</InputDescription>
            <Skeleton h={INPUT_HEIGHT_MD} mt="calc(var(--mantine-spacing-xs) / 2)" radius="md" />
          </div>
          <FirstStepButtons
            onContinue={() => {
              onPress('continue');
            }}
            onCreate={() => {
              onPress('create');
            }}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
