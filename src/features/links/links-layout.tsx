import { Box, Button, Container, Group, Tabs, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';

/** The route hands the layout the link editor, which lives in its own feature. */
export function LinksLayout({
  renderLinkEditor,
}: {
  renderLinkEditor: (close: () => void) => ReactNode;
}) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const activeTab = pathname.startsWith('/links/collections') ? 'collections' : 'books';
  const [editorOpen, setEditorOpen] = useState(false);
  const newLinkButton = useRef<HTMLButtonElement>(null);
  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1}>Your links</Title>
        {!editorOpen && (
          <Button
            ref={newLinkButton}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => {
              setEditorOpen(true);
            }}
          >
            New link
          </Button>
        )}
      </Group>
      {editorOpen && (
        <Box mb="lg">
          {renderLinkEditor(() => {
            setEditorOpen(false);
            // The button is back once this render commits; give it the focus the editor had.
            requestAnimationFrame(() => newLinkButton.current?.focus());
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
