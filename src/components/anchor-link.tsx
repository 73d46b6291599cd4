import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function RoutedAnchor(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor {...props} />;
}

/** A Mantine anchor that navigates through the router, with typed `to`, `params` and `hash`. */
export const AnchorLink = createLink(RoutedAnchor);
