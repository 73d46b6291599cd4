import { Container, List, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { affiliateTokensQueryOptions } from './settings-queries';

export function AffiliateSettingsPage() {
  const { data } = useSuspenseQuery(affiliateTokensQueryOptions());
  return (
    <Container size="md" py="lg">
      <Title order={1} mb="md">
        Affiliate Settings
      </Title>
      {data.results.length === 0 ? (
        <Text>You have not saved any affiliate tokens yet.</Text>
      ) : (
        <List>
          {data.results.map((token) => (
            <List.Item key={token.guid}>
              {Object.entries(token.parameters)
                .map(([name, value]) => `${name}=${value}`)
                .join(', ')}
            </List.Item>
          ))}
        </List>
      )}
    </Container>
  );
}
