import { Box, Button, Container, Group, Tabs, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';

/**
 * The route hands the layout the link editor, which lives in its own feature, and what to do
 * when the author heads for "New link" (pointer over it, touch or focus), before pressing it.
 */
export function LinksLayout({
  renderLinkEditor,
  onNewLinkIntent,
}: {
  renderLinkEditor: (close: () => void) => ReactNode;
  onNewLinkIntent?: () => void;
}) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const activeTab = pathname.startsWith('/links/collections') ? 'collections' : 'books';
  // 'closed-after-use' brings the focus back to "New link", where it was before the editor opened.
  const [editor, setEditor] = useState<'closed' | 'open' | 'closed-after-use'>('closed');
  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1}>Your links</Title>
        {editor !== 'open' && (
          <Button
            autoFocus={editor === 'closed-after-use'}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onPointerEnter={onNewLinkIntent}
            onPointerDown={onNewLinkIntent}
            onFocus={onNewLinkIntent}
            onClick={() => {
              setEditor('open');
            }}
          >
            New link
          </Button>
        )}
      </Group>
      {editor === 'open' && (
        <Box mb="lg">
          {renderLinkEditor(() => {
            setEditor('closed-after-use');
          })}
        </Box>
      )}
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
