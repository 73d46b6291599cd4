import type { ReactNode } from 'react';
import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core';

/**
 * Keeps a hash target clear of the app shell's header when the browser scrolls to it.
 * `--app-shell-header-offset` is set by Mantine's AppShell; outside one it falls back to 0.
 */
export const hashTargetStyle = {
  scrollMarginTop: 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-md))',
};

export interface StaticPageProps {
  /** Rendered as the page's only `h1`. */
  title: string;
  /** Optional lead paragraph under the title. */
  intro?: ReactNode;
  children: ReactNode;
}

/** Shared layout for the static pages: one `h1`, an optional lead, then the content in a stack. */
export function StaticPage({ title, intro, children }: StaticPageProps) {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{title}</Title>
          {intro !== undefined && (
            <Text size="lg" c="dimmed">
              {intro}
            </Text>
          )}
        </Stack>
        <Stack gap="xl">{children}</Stack>
      </Stack>
    </Container>
  );
}

export interface PageSectionProps {
  /** Stable kebab-case id, usable as a hash target (`/terms#privacy-notice`). */
  id: string;
  /** Rendered as an `h2`. */
  title: string;
  children: ReactNode;
}

/** A titled section of a static page. The section carries the `id`, so `#id` scrolls to it. */
export function PageSection({ id, title, children }: PageSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Box component="section" id={id} aria-labelledby={headingId} style={hashTargetStyle}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Box>
  );
}

export interface PageSubsectionProps {
  title: string;
  children: ReactNode;
}

/** A smaller block inside a `PageSection`, headed by an `h3`. */
export function PageSubsection({ title, children }: PageSubsectionProps) {
  return (
    <Stack gap="xs">
      <Title order={3}>{title}</Title>
      {children}
    </Stack>
  );
}

export const SUPPORT_EMAIL = 'support@shelflink.app';
export const PRIVACY_EMAIL = 'privacy@shelflink.app';

/** A `mailto:` link that shows the address itself, so it can also be copied. */
export function EmailLink({ address }: { address: string }) {
  return <Anchor href={`mailto:${address}`}>{address}</Anchor>;
}
