import { Container, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { accountQueryOptions } from './account-queries';

export function AccountPage() {
  const { data: account } = useSuspenseQuery(accountQueryOptions());
  return (
    <Container size="md" py="lg">
      <Title order={1} mb="md">
        Account
      </Title>
      <Text>
        {account.name} · {account.email}
      </Text>
    </Container>
  );
}
