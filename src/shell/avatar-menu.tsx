import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AuthSession } from '@/lib/session';
import { avatarUrl } from './avatar-url';

export function AvatarMenu({ session }: { session: AuthSession }) {
  if (!session.isAuthenticated) {
    return <Avatar component={Link} to="/login" radius="xl" aria-label="Sign in" color="gray" />;
  }

  const identity = session.email || session.userName;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Avatar src={avatarUrl(identity)} alt="" radius="xl" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Logged in as:</Menu.Label>
        <Text size="sm" px="sm" pb="xs" truncate="end" data-testid="signed-in-email">
          {identity}
        </Text>
        {session.impersonateAs && (
          <>
            <Menu.Label>Impersonating as:</Menu.Label>
            <Text size="sm" px="sm" pb="xs" truncate="end" data-testid="impersonating-as">
              {session.impersonateAs}
            </Text>
          </>
        )}
        <Menu.Divider />
        {/* An opened menu focuses its first item; moving through items is not an intent to go. */}
        <Menu.Item component={Link} preload={false} to="/links">
          Your links
        </Menu.Item>
        <Menu.Item component={Link} preload={false} to="/account">
          Account
        </Menu.Item>
        <Menu.Item component={Link} preload={false} to="/settings">
          Affiliate settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} preload={false} to="/logout">
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
