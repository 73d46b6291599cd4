import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const RoutedAnchor = forwardRef<
  HTMLAnchorElement,
  AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>
>((props, ref) => <Anchor ref={ref} {...props} />);
RoutedAnchor.displayName = 'RoutedAnchor';

const CreatedAnchorLink = createLink(RoutedAnchor);

/** A Mantine anchor that navigates through the router, with typed `to` and `params`. */
export const AnchorLink: LinkComponent<typeof RoutedAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);
