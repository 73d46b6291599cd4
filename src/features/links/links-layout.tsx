import { Container, Tabs, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from '@tanstack/react-router';

export function LinksLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const activeTab = pathname.startsWith('/links/collections') ? 'collections' : 'books';
  return (
    <Container size="lg" py="lg">
      <Title order={1} mb="md">
        Your links
      </Title>
      <Tabs value={activeTab} mb="lg">
        <Tabs.List>
          <Tabs.Tab value="books" renderRoot={(props) => <Link {...props} to="/links/books" />}>
            Books
          </Tabs.Tab>
          <Tabs.Tab
            value="collections"
            renderRoot={(props) => <Link {...props} to="/links/collections" />}
          >
            Collections
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Container>
  );
}
