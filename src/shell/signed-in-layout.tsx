import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Every signed-in screen (links, collections, reports, settings, account, admin) sits in this
 * one column, as wide as the header's, so their edges line up from screen to screen; the screens
 * set no width of their own.
 */
export function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" py="lg" data-testid="signed-in-layout">
      {children}
    </Container>
  );
}
