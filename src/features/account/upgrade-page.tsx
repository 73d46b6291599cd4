import {
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowsExchange, IconChartBar, IconLink, IconLogin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/query-client';
import { AnchorLink } from '@/components/anchor-link';
import { ButtonLink } from '@/components/button-link';
import { FormFailure } from '@/components/form-failure';
import { SuccessAlert } from '@/components/success-alert';
import { useSession } from '@/session/use-session';
import { accountQueryKeyPrefix, errorText } from './account-queries';
import { skippedLinksNote, upgradeResultMessage } from './upgrade-result';

const whatMoves = [
  {
    icon: IconLink,
    title: 'Your links',
    text: 'Every short link from your older account that leads to a public web page, pointing where it points today.',
  },
  {
    icon: IconArrowsExchange,
    title: 'Their codes',
    text: 'The same short addresses, including any custom endings, so links you have shared keep working.',
  },
  {
    icon: IconChartBar,
    title: 'Click history',
    text: 'The clicks your links have collected so far, in Shelflink’s reports.',
  },
];

function UpgradeAction() {
  const queryClient = useQueryClient();
  const upgrade = $api.useMutation('post', '/v1/upgrade');

  if (upgrade.data) {
    const skippedNote = skippedLinksNote(upgrade.data);
    return (
      <SuccessAlert title={upgradeResultMessage(upgrade.data)}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {upgrade.data.alreadyUpgraded
              ? 'Your links are already in Shelflink. There is nothing more to do.'
              : 'Look through your links once to check that each still goes where you want readers to go.'}
          </Text>
          {skippedNote && <Text size="sm">{skippedNote}</Text>}
          <ButtonLink to="/links" size="xs" variant="default">
            Go to your links
          </ButtonLink>
        </Stack>
      </SuccessAlert>
    );
  }

  return (
    <Stack align="flex-start" gap="sm">
      <FormFailure
        title="The upgrade did not finish"
        message={
          upgrade.isError
            ? `${errorText(upgrade.error)} Nothing was lost; you can try again.`
            : undefined
        }
        w="100%"
      />
      <Button
        size="md"
        loading={upgrade.isPending}
        onClick={() => {
          upgrade.mutate(
            { body: {} },
            {
              onSuccess: () => {
                void Promise.all([
                  queryClient.invalidateQueries({ queryKey: accountQueryKeyPrefix() }),
                  queryClient.invalidateQueries({ queryKey: ['get', '/v1/links/list'] }),
                  queryClient.invalidateQueries({ queryKey: ['get', '/v1/links/count'] }),
                ]);
              },
            },
          );
        }}
      >
        Upgrade my account
      </Button>
    </Stack>
  );
}

function SignInFirst() {
  return (
    <Stack align="flex-start" gap="sm">
      <Text>
        Sign in with the e-mail address you used for the previous link product, then come back here
        to upgrade.
      </Text>
      <ButtonLink
        to="/login"
        search={{ redirect: '/upgrade' }}
        leftSection={<IconLogin size={18} aria-hidden />}
      >
        Sign in to upgrade
      </ButtonLink>
    </Stack>
  );
}

export function UpgradePage() {
  const session = useSession();

  return (
    <Container size="md" py="lg">
      <Stack gap="xl">
        <div>
          <Title order={1}>Upgrade to Shelflink</Title>
          <Text size="lg" mt="xs">
            Shelflink replaces our previous link product. If you have links there, upgrading brings
            them into Shelflink, with their codes and click history. It is free.
          </Text>
        </div>

        <Stack component="section" aria-labelledby="what-moves-heading">
          <Title order={2} id="what-moves-heading">
            What moves
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {whatMoves.map((item) => (
              <Paper key={item.title} withBorder radius="md" p="md">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                    <item.icon size={20} />
                  </ThemeIcon>
                  <div>
                    <Title order={3} size="h5">
                      {item.title}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {item.text}
                    </Text>
                  </div>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack component="section" aria-labelledby="what-changes-heading" gap="sm">
          <Title order={2} id="what-changes-heading">
            What changes
          </Title>
          <List spacing="xs">
            <List.Item>
              You manage the moved links under Your links, next to any you have made in Shelflink.
            </List.Item>
            <List.Item>
              They gain Shelflink&apos;s link reports, collections and affiliate settings.
            </List.Item>
            <List.Item>
              The old product&apos;s page addresses now lead to Shelflink, so bookmarks still work.
            </List.Item>
            <List.Item>
              A link to anything but a public web page (an ftp:// address, say) stays behind, as
              Shelflink sends readers only to web pages. The upgrade tells you how many did.
            </List.Item>
            <List.Item>
              A link whose ending Shelflink now uses for a page of its own, such as /about, gets a
              new ending.
            </List.Item>
          </List>
        </Stack>

        <Stack component="section" aria-labelledby="cost-heading" gap="sm">
          <Title order={2} id="cost-heading">
            What it costs
          </Title>
          <Text>
            Nothing. Upgrading is free, and upgrading twice does no harm: if your account has
            already moved, we simply tell you so.
          </Text>
        </Stack>

        <Paper
          component="section"
          aria-labelledby="upgrade-now-heading"
          withBorder
          radius="md"
          p="lg"
        >
          <Stack>
            <Title order={2} id="upgrade-now-heading">
              Upgrade now
            </Title>
            {session.isAuthenticated ? <UpgradeAction /> : <SignInFirst />}
          </Stack>
        </Paper>

        <Text size="sm">
          Questions about moving your links?{' '}
          <AnchorLink to="/faq" hash="upgrading">
            Read the upgrading FAQ
          </AnchorLink>
          .
        </Text>
      </Stack>
    </Container>
  );
}
