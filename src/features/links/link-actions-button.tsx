import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { shortLinkLabel } from '@/lib/short-link';
import type { AuthorLink } from './link-types';

/** The button that opens a link card's actions menu. */
export function LinkActionsButton({
  link,
  ...props
}: { link: AuthorLink } & ComponentPropsWithoutRef<'button'> & {
    ref?: Ref<HTMLButtonElement>;
  }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for ${shortLinkLabel(link)}`}
      {...props}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
}
