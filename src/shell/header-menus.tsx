// The header's dropdown menus. This module loads when a menu trigger is first activated (see
// use-menu-on-demand.ts), so Mantine's Menu, Popover and floating-ui stay out of the first screen.
import '@/components/on-demand-mantine-styles';
import { Avatar, Burger, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMenuOpenedOnArrival } from '@/components/use-menu-opened-on-arrival';
import { ADMINISTRATOR_ROLE, type AuthSession } from '@/session/session-store';
import { useImpersonatedEmail } from './impersonation';
import type { MainLink } from './main-links';

export function MainMenu({
  links,
  burgerClassName,
}: {
  links: MainLink[];
  burgerClassName: string | undefined;
}) {
  const { menuProps, trigger } = useMenuOpenedOnArrival();
  return (
    <Menu {...menuProps} position="bottom-end">
      <Menu.Target>
        <Burger
          ref={trigger}
          opened={menuProps.opened}
          className={burgerClassName}
          size="sm"
          aria-label="Open the main menu"
        />
      </Menu.Target>
      <Menu.Dropdown aria-label="Main menu">
        {links.map((link) => (
          // An opened menu focuses its first item; that is not an intent to go there.
          <Menu.Item key={link.label} component={Link} to={link.to} preload={false}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function AccountMenu({
  session,
  avatarSrc,
}: {
  session: AuthSession;
  /** The avatar image, once its address is known. */
  avatarSrc: string | undefined;
}) {
  const { menuProps, trigger } = useMenuOpenedOnArrival();
  const identity = session.email || session.userName;
  return (
    <Menu {...menuProps} position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton ref={trigger} aria-label="Account menu">
          <Avatar src={avatarSrc} alt="" radius="xl" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Logged in as:</Menu.Label>
        <Text size="sm" px="sm" pb="xs" truncate="end" data-testid="signed-in-email">
          {identity}
        </Text>
        {session.impersonateAs && <ImpersonatedIdentity userId={session.impersonateAs} />}
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
        {session.roles.includes(ADMINISTRATOR_ROLE) && (
          <Menu.Item component={Link} preload={false} to="/admin">
            Admin
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} preload={false} to="/logout">
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const IMPERSONATED_EMAIL_TEXT = {
  loading: 'Loading…',
  failed: 'E-mail could not be loaded',
} as const;

function ImpersonatedIdentity({ userId }: { userId: string }) {
  const email = useImpersonatedEmail(userId);
  return (
    <>
      <Menu.Label>Impersonating as:</Menu.Label>
      <Text size="sm" px="sm" pb="xs" truncate="end" data-testid="impersonating-as">
        {email.status === 'known' ? email.email : IMPERSONATED_EMAIL_TEXT[email.status]}
      </Text>
    </>
  );
}
