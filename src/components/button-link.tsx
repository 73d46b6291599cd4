import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const AnchorButton = forwardRef<
  HTMLAnchorElement,
  ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>
>((props, ref) => <Button component="a" ref={ref} {...props} />);
AnchorButton.displayName = 'AnchorButton';

const CreatedButtonLink = createLink(AnchorButton);

/** A Mantine button that navigates through the router, with typed `to` and `search`. */
export const ButtonLink: LinkComponent<typeof AnchorButton> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
