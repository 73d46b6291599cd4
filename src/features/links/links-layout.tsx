import { Box, Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, Outlet } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import classes from './links-layout.module.css';

const SECTIONS = [
  { to: '/links/books', label: 'Books' },
  { to: '/links/collections', label: 'Collections' },
] as const;

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
  // 'closed-after-use' brings the focus back to "New link", where it was before the editor opened.
  const [editor, setEditor] = useState<'closed' | 'open' | 'closed-after-use'>('closed');
  return (
    <div>
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
      {/* Two pages, so links in a navigation landmark (the current one marked aria-current), drawn
          as tabs; not ARIA tabs, which switch panels within one page. */}
      <nav aria-label="Your links" className={classes.sections}>
        {SECTIONS.map((section) => (
          <Link
            key={section.to}
            to={section.to}
            className={classes.section}
            activeOptions={{ includeSearch: false }}
          >
            {section.label}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
