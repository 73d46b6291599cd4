import { Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2, IconChartBar, IconLink, IconStack2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/button-link';
import { useSession, useSessionChecked } from '@/session/use-session';
import { UntilSessionChecked } from '@/shell/until-session-checked';
import classes from './home-page.module.css';
import productPictureUrl from './shelflink-on-a-phone.svg?no-inline';

const features = [
  {
    Icon: IconLink,
    title: 'One link, every store',
    text: 'Paste a retailer page or an ISBN and share a short shelf.to link that is easy to say on a podcast and fits on a bookmark.',
  },
  {
    Icon: IconBook2,
    title: 'Your affiliate tokens, applied',
    text: 'Save your Amazon Associates, Bookshop.org, Kobo and Apple Services tokens once; every click on your links carries them.',
  },
  {
    Icon: IconStack2,
    title: 'Collections for series',
    text: 'Put a trilogy, a box set or every format of a book behind one alias, with its own cover.',
  },
  {
    Icon: IconChartBar,
    title: 'Reports you can read',
    text: 'See clicks over time, by store, by country and by the site that sent the reader.',
  },
];

/** The home screen; the route hands it the link editor, which lives in its own feature. */
export function HomePage({ linkEditor }: { linkEditor: ReactNode }) {
  const session = useSession();
  const sessionChecked = useSessionChecked();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <div className={classes.hero}>
          <Stack gap="md" className={classes.heroText}>
            <Title order={1} fz={{ base: 32, sm: 44 }}>
              Smart links that send readers to your books
            </Title>
            <Text size="lg" c="dimmed">
              Shelflink turns long retailer addresses into short links for authors, publishers and
              the people who recommend books, and shows you where your readers come from.
            </Text>
            <Group>
              <UntilSessionChecked checked={sessionChecked}>
                {session.isAuthenticated ? (
                  <ButtonLink to="/links/books" size="md">
                    Go to your links
                  </ButtonLink>
                ) : (
                  <ButtonLink to="/login" size="md">
                    Sign in or create an account
                  </ButtonLink>
                )}
              </UntilSessionChecked>
              <ButtonLink to="/faq" variant="default" size="md">
                How it works
              </ButtonLink>
            </Group>
          </Stack>
          {/* A file of its own, not drawn here: it loads beside the page's code, not within it. */}
          <img
            src={productPictureUrl}
            alt="A phone showing a Shelflink short link to a book, shelf.to/salt, with a chart of the week’s clicks on it."
            width={320}
            height={400}
            decoding="async"
            className={classes.picture}
          />
        </div>
        {linkEditor}
        <div className={classes.features}>
          {features.map(({ Icon, title, text }) => (
            <Group key={title} align="flex-start" wrap="nowrap">
              <ThemeIcon size="lg" variant="light" aria-hidden="true">
                <Icon size={20} />
              </ThemeIcon>
              <Stack gap={4}>
                <Title order={2} fz="lg">
                  {title}
                </Title>
                <Text c="dimmed">{text}</Text>
              </Stack>
            </Group>
          ))}
        </div>
      </Stack>
    </Container>
  );
}
