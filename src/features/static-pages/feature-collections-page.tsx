import { Card, Code, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import { AnchorLink } from '@/components/anchor-link';
import { ButtonLink } from '@/components/button-link';
import { PageSection, StaticPage } from './static-page';

interface UseCase {
  title: string;
  description: string;
  example: string;
}

const useCases: UseCase[] = [
  {
    title: 'A series',
    description:
      'Every book in the series behind one link, so new readers can find book one and fans can find the latest.',
    example: 'shelf.to/c/orchard-trilogy',
  },
  {
    title: 'A box set',
    description:
      'The box set alongside the individual books, so readers can choose the bundle or the single volumes.',
    example: 'shelf.to/c/harbour-mysteries-1-3',
  },
  {
    title: 'Every format of a book',
    description:
      'Ebook, paperback, hardcover and audiobook together, so each reader picks the format they like.',
    example: 'shelf.to/c/lanternfall',
  },
  {
    title: 'A reading list',
    description:
      'Your favourite books of the year, the books that shaped your novel, or picks for a newsletter theme.',
    example: 'shelf.to/c/summer-reads',
  },
];

function OpenCollectionsButton() {
  return (
    <Group>
      <ButtonLink to="/links/collections" size="md">
        Open your collections
      </ButtonLink>
    </Group>
  );
}

/** Introduces collections: one short link for a group of links, with a call to action. */
export function FeatureCollectionsPage() {
  return (
    <StaticPage
      title="Collections: one link for a whole shelf"
      intro="A collection gathers several smart links behind a single short address. Share one link, and let readers choose the book, the format or the store."
    >
      <OpenCollectionsButton />

      <PageSection id="what-collections-are-for" title="What you can use them for">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {useCases.map((useCase) => (
            <Card key={useCase.title} withBorder radius="md" padding="lg">
              <Title order={3} size="h4" mb="xs">
                {useCase.title}
              </Title>
              <Text mb="sm">{useCase.description}</Text>
              <Code>{useCase.example}</Code>
            </Card>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection id="whats-in-a-collection" title="What’s in a collection">
        <List spacing="xs">
          <List.Item>
            <strong>A title</strong>, such as &ldquo;The Orchard Trilogy&rdquo;.
          </List.Item>
          <List.Item>
            <strong>Your links</strong>: ones you already have, or new ones you create for the
            collection — looking a book up by its ISBN saves copying store addresses.
          </List.Item>
          <List.Item>
            <strong>An alias code</strong> that makes the address: <Code>shelf.to/c/</Code> followed
            by a code of your choice, like <Code>shelf.to/c/orchard-trilogy</Code>.
          </List.Item>
          <List.Item>
            <strong>A cover image</strong>, so the collection looks like your books — use a series
            banner, a box set cover or your author photo.
          </List.Item>
        </List>
        <Text>
          Because the address stays the same, you can add the next book in the series when it comes
          out, and every place you have already shared the collection is up to date.
        </Text>
      </PageSection>

      <PageSection id="collection-reports" title="See what readers choose">
        <Text>
          Each collection has its own click report: clicks over time, by book, by retailer and
          storefront, and by country. You can see at a glance which stores your newsletter readers
          prefer, and which book of a series readers open first. Any affiliate tokens you have saved
          in <AnchorLink to="/settings">Settings</AnchorLink> apply to the links inside your
          collections too.
        </Text>
      </PageSection>

      <PageSection id="get-started" title="Get started">
        <Text>
          Start a collection from links you already have, or create new ones as you go. Questions?
          The{' '}
          <AnchorLink to="/faq" hash="collections">
            FAQ on collections
          </AnchorLink>{' '}
          has more.
        </Text>
        <OpenCollectionsButton />
      </PageSection>
    </StaticPage>
  );
}
