import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function AnchorButton(props: ButtonProps & ComponentPropsWithRef<'a'>) {
  return <Button component="a" {...props} />;
}

/** A Mantine button that navigates through the router, with typed `to`, `params` and `search`. */
export const ButtonLink = createLink(AnchorButton);
