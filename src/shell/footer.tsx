import { ActionIcon, Container, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX } from '@tabler/icons-react';
import { AnchorLink } from '@/components/anchor-link';
import type { AuthSession } from '@/session/session-store';
import { openCookiePreferences } from './cookie-preferences';
import classes from './footer.module.css';
import { visibleMainLinks } from './main-links';

export const COPYRIGHT_YEAR = 2022;

const socialLinks = [
  {
    label: 'Shelflink on Instagram',
    href: 'https://www.instagram.com/shelflink',
    Icon: IconBrandInstagram,
  },
  {
    label: 'Shelflink on Facebook',
    href: 'https://www.facebook.com/shelflink',
    Icon: IconBrandFacebook,
  },
  { label: 'Shelflink on X', href: 'https://x.com/shelflink', Icon: IconBrandX },
];

export function Footer({ session }: { session: AuthSession }) {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <nav aria-label="Site map">
          <div className={classes.siteMap}>
            {visibleMainLinks(session.isAuthenticated).map((link) => (
              <AnchorLink key={link.label} to={link.to} size="sm" c="dimmed">
                {link.label}
              </AnchorLink>
            ))}
            {session.isAuthenticated && (
              <AnchorLink to="/settings" size="sm" c="dimmed">
                Affiliate settings
              </AnchorLink>
            )}
            <AnchorLink to="/terms" size="sm" c="dimmed">
              Terms of Service
            </AnchorLink>
            <AnchorLink to="/feature-collections" size="sm" c="dimmed">
              Introducing collections
            </AnchorLink>
            <AnchorLink to="/privacy" size="sm" c="dimmed">
              Privacy Policy
            </AnchorLink>
          </div>
        </nav>
        <Stack gap="xs" mt="lg">
          <UnstyledButton onClick={openCookiePreferences} className={classes.cookieButton}>
            Manage cookie preferences (EU and US-California)
          </UnstyledButton>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              © {COPYRIGHT_YEAR} Shelflink. All rights reserved.
            </Text>
            <Group gap="xs">
              {socialLinks.map(({ label, href, Icon }) => (
                <ActionIcon
                  key={href}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  color="gray"
                  aria-label={label}
                >
                  <Icon aria-hidden="true" size={18} />
                </ActionIcon>
              ))}
            </Group>
          </Group>
        </Stack>
      </Container>
    </footer>
  );
}
