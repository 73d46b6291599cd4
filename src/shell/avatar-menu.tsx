import { ActionIcon, Skeleton } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazyModule } from '@/lib/later/lazy-module';
import type { AuthSession } from '@/session/session-store';

/** A Mantine avatar's size, which the signed-in menu's trigger has. */
const AVATAR_SIZE = 38;

/**
 * The signed-in avatar and its menu trigger. Whether someone is signed in is known only after the
 * first paint, so its code (the avatar, the picture's address) stays out of the first screen.
 */
const signedInAvatarMenu = lazyModule(() => import(/* background */ './signed-in-avatar-menu'));

// Pure: the header, which ships in the entry chunk, renders it only for a signed-in session.
const SignedInAvatarMenu = /* @__PURE__ */ signedInAvatarMenu.component(
  (module) => module.SignedInAvatarMenu,
  <Skeleton circle height={AVATAR_SIZE} />,
);

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
  return <SignedInAvatarMenu session={session} />;
}
