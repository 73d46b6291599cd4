import { ActionIcon } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AuthSession } from '@/session/session-store';
import { AVATAR_SIZE, SignedInAvatarMenuLater } from './signed-in-avatar-menu-later';

export function AvatarMenu({ session }: { session: AuthSession }) {
  if (!session.isAuthenticated) {
    return (
      <ActionIcon
        component={Link}
        to="/login"
        variant="light"
        color="gray"
        radius="xl"
        size={AVATAR_SIZE}
        aria-label="Sign in"
      >
        <IconUser size={20} aria-hidden="true" />
      </ActionIcon>
    );
  }
  return <SignedInAvatarMenuLater session={session} />;
}
