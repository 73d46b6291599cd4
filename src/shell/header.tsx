import { ActionIcon, Burger, Container, Group } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '@/components/anchor-link';
import { useMenuOnDemand } from '@/lib/later/use-menu-on-demand';
import type { AuthSession } from '@/session/session-store';
import { AvatarMenu } from './avatar-menu';
import { ColorSchemeToggle } from './color-scheme-toggle';
import classes from './header.module.css';
import { Logo } from './logo';
import { UntilSessionChecked } from './until-session-checked';
import { visibleMainLinks, type MainLink } from './main-links';
import { headerMenus } from './header-menus-later';

export function Header({
  session,
  sessionChecked,
}: {
  session: AuthSession;
  sessionChecked: boolean;
}) {
  const links = visibleMainLinks(session.isAuthenticated);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group gap="md" wrap="nowrap">
          <AnchorLink to="/" aria-label="Shelflink home">
            <Logo />
          </AnchorLink>
          <ActionIcon
            component={Link}
            to="/faq"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Help"
          >
            <IconHelpCircle aria-hidden="true" />
          </ActionIcon>
        </Group>

        <nav aria-label="Main" className={classes.desktopNav}>
          <Group gap={4}>
            {links.map((link) => (
              <Link
                key={link.label}
                to={link.to}
                className={classes.link}
                activeOptions={{ exact: link.to === '/' }}
              >
                {link.label}
              </Link>
            ))}
          </Group>
        </nav>

        <Group gap="sm" wrap="nowrap">
          <ColorSchemeToggle />
          <MobileMenu links={links} />
          <UntilSessionChecked checked={sessionChecked} round>
            <AvatarMenu session={session} />
          </UntilSessionChecked>
        </Group>
      </Container>
    </header>
  );
}

/** On a phone, a dropdown repeats the main links; its menu code loads when it is first used. */
function MobileMenu({ links }: { links: MainLink[] }) {
  const { loaded, triggerProps } = useMenuOnDemand(headerMenus.load);
  if (loaded) return <loaded.MainMenu links={links} burgerClassName={classes.burger} />;
  return (
    <Burger
      opened={false}
      className={classes.burger}
      size="sm"
      aria-label="Open the main menu"
      {...triggerProps}
    />
  );
}
