import { Button, Container, Group, Text } from '@mantine/core';
import { IconUserShare, IconUserX } from '@tabler/icons-react';
import classes from './impersonation-banner.module.css';
import {
  describeImpersonatedAccount,
  useImpersonatedEmail,
  useStopImpersonating,
} from './impersonation';

/**
 * Shown on every page while an administrator acts as someone else: whose account every screen
 * shows and every change affects, and the way back to their own.
 */
export function ImpersonationBanner({ impersonateAs }: { impersonateAs: string }) {
  const email = useImpersonatedEmail(impersonateAs);
  const stop = useStopImpersonating();
  return (
    <div className={classes.banner} role="region" aria-label="Impersonation">
      <Container size="lg">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconUserShare aria-hidden="true" size={20} className={classes.icon} />
            <Text size="sm" aria-live="polite">
              You are acting as{' '}
              <Text span fw={700} inherit data-testid="impersonated-email">
                {describeImpersonatedAccount(email)}
              </Text>
              . Every screen shows, and every change affects, that account.
            </Text>
          </Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconUserX size={16} aria-hidden="true" />}
            onClick={stop}
          >
            Stop impersonating
          </Button>
        </Group>
      </Container>
    </div>
  );
}
