import { Skeleton } from '@mantine/core';
import { lazyModule } from '@/lib/later/lazy-module';

/** A Mantine avatar's size, which the signed-in menu's trigger has. */
export const AVATAR_SIZE = 38;

/**
 * The signed-in avatar and its menu trigger. Whether someone is signed in is known only after the
 * first paint, so its code (the avatar, the picture's address) stays out of the first screen.
 */
const signedInAvatarMenu = lazyModule(() => import(/* background */ './signed-in-avatar-menu'));

// Pure: the header, which ships in the entry chunk, renders it only for a signed-in session.
export const SignedInAvatarMenuLater = /* @__PURE__ */ signedInAvatarMenu.component(
  (module) => module.SignedInAvatarMenu,
  <Skeleton circle height={AVATAR_SIZE} />,
);
