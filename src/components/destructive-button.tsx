import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';

/**
 * A small button that removes or undoes something (delete, remove, cancel a change): red, and
 * quieter than the actions beside it, so it is never pressed for the main one.
 */
export function DestructiveButton(props: ButtonProps & ComponentPropsWithRef<'button'>) {
  return <Button variant="subtle" color="red" size="xs" {...props} />;
}
