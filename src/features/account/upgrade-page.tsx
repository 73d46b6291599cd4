import { Container, Text, Title } from '@mantine/core';

export function UpgradePage() {
  return (
    <Container size="md" py="lg">
      <Title order={1} mb="md">
        Upgrade
      </Title>
      <Text>
        Moving from the previous link product? Upgrading brings every one of your links into
        Shelflink, with their codes and click history.
      </Text>
    </Container>
  );
}
