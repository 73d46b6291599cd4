import { CloseButton, Container, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import classes from './top-bar.module.css';

export const TOP_BAR_SEEN_KEY = 'shelflink.topBarSeen';

/** True the first time it is asked in a browser session; the flag lives in session storage. */
function claimFirstShowing(): boolean {
  try {
    if (window.sessionStorage.getItem(TOP_BAR_SEEN_KEY)) return false;
    window.sessionStorage.setItem(TOP_BAR_SEEN_KEY, 'true');
    return true;
  } catch {
    return false;
  }
}

export function TopBar() {
  const [visible, setVisible] = useState(claimFirstShowing);
  if (!visible) return null;
  return (
    <div className={classes.bar} role="region" aria-label="Announcement">
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">
            New: collections put a whole series behind one short link.{' '}
            <AnchorLink to="/feature-collections" c="white" underline="always">
              See how they work
            </AnchorLink>
          </Text>
          <CloseButton
            aria-label="Dismiss announcement"
            variant="transparent"
            c="white"
            onClick={() => {
              setVisible(false);
            }}
          />
        </Group>
      </Container>
    </div>
  );
}
