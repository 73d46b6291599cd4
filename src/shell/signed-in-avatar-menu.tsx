import { Avatar, UnstyledButton } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
import { afterFirstPaint } from '@/lib/later/after-first-paint';
import { useMenuOnDemand } from '@/lib/later/use-menu-on-demand';
import type { AuthSession } from '@/session/session-store';
import { headerMenus } from './header-menus-later';

/** The signed-in account's avatar, which opens the account menu; the menu's code loads on first use. */
export function SignedInAvatarMenu({ session }: { session: AuthSession }) {
  const avatarSrc = useAvatarUrl(session.email || session.userName);
  const { loaded, triggerProps } = useMenuOnDemand(headerMenus.load);
  if (loaded) return <loaded.AccountMenu session={session} avatarSrc={avatarSrc} />;
  return (
    <UnstyledButton aria-label="Account menu" {...triggerProps}>
      <Avatar src={avatarSrc} alt="" radius="xl" />
    </UnstyledButton>
  );
}

/**
 * The avatar image's address. Hashing the e-mail needs an MD5 library the first screen can do
 * without, so the address is known only once that screen is painted; until then the avatar shows
 * its placeholder, in the same place and size.
 */
function useAvatarUrl(identity: string): string | undefined {
  const router = useRouter();
  const [avatar, setAvatar] = useState<{ identity: string; url: string }>();
  useEffect(() => {
    let active = true;
    void afterFirstPaint(router)
      .then(() => import(/* background */ './avatar-url'))
      .then(({ avatarUrl }) => {
        if (!active) return;
        startTransition(() => {
          setAvatar({ identity, url: avatarUrl(identity) });
        });
      });
    return () => {
      active = false;
    };
  }, [router, identity]);
  // Never another identity's picture while the new one is being worked out.
  return avatar?.identity === identity ? avatar.url : undefined;
}
