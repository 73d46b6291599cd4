import { Container, Stack, Text, Title } from '@mantine/core';
import { type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/button-link';

interface MissingPageProps {
  title: string;
  /** Why there is nothing here, and what the visitor may try. */
  children: ReactNode;
  /** Where the one way on goes, and what its button says. */
  way: { to: LinkProps['to']; label: string };
}

/** The frame of every "nothing at this address" page: a heading, why, and one way on. */
export function MissingPage({ title, children, way }: MissingPageProps) {
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>{title}</Title>
        <Text>{children}</Text>
        <ButtonLink to={way.to}>{way.label}</ButtonLink>
      </Stack>
    </Container>
  );
}
