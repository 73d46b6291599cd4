import { Alert, type AlertProps } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/**
 * The confirmation of something done: announced politely to screen readers, with a check mark
 * unless another icon says more (an envelope for "check your inbox").
 */
export function SuccessAlert({
  icon = <IconCircleCheck aria-hidden="true" />,
  ...props
}: Omit<AlertProps, 'color' | 'role'>) {
  return <Alert color="teal" role="status" icon={icon} {...props} />;
}
