import { ActionIcon, Anchor, Burger, Container, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelpCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AuthSession } from '@/lib/session';
import { AvatarMenu } from './avatar-menu';
import classes from './header.module.css';
import { visibleMainLinks } from './main-links';

export const LOGO_WIDTH = 144;

export function Header({ session }: { session: AuthSession }) {
  const [mobileMenuOpened, mobileMenu] = useDisclosure(false);
  const links = visibleMainLinks(session.isAuthenticated);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group gap="md" wrap="nowrap">
          <Anchor component={Link} to="/" aria-label="Shelflink home">
            <img src="/images/shelflink-logo.svg" width={LOGO_WIDTH} height={32} alt="Shelflink" />
          </Anchor>
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
          <Menu opened={mobileMenuOpened} onChange={mobileMenu.toggle} position="bottom-end">
            <Menu.Target>
              <Burger
                opened={mobileMenuOpened}
                className={classes.burger}
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
          <AvatarMenu session={session} />
        </Group>
      </Container>
    </header>
  );
}
