import { Container, Text, Title } from '@mantine/core';

export function AdminDashboardPage() {
  return (
    <Container size="lg" py="lg">
      <Title order={1} mb="md">
        Admin dashboard
      </Title>
      <Text>Look up an account by e-mail to see it, or to act as that user.</Text>
    </Container>
  );
}
