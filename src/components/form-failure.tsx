import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormFailureProps extends Omit<AlertProps, 'title' | 'color' | 'role' | 'children'> {
  /** What did not happen: 'Not saved', 'The link was not added'. */
  title: string;
  /** Why; without one nothing is shown. */
  message: string | undefined;
  /** Shown in place of the bare message, for an alert that offers more (a retry button). */
  children?: ReactNode;
}

/** The alert above a form's buttons that says why its last attempt failed. */
export function FormFailure({ title, message, children, ...others }: FormFailureProps) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" title={title} {...others}>
      {children ?? message}
    </Alert>
  );
}
