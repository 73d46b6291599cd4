import '@/components/on-demand-mantine-styles';
import { Blockquote, Code, List, Table, Text } from '@mantine/core';
import { AnchorLink } from '@/components/anchor-link';
import { EmailLink, PageSection, PageSubsection, SUPPORT_EMAIL, StaticPage } from './static-page';

interface AffiliateProgram {
  program: string;
  retailer: string;
  parameter: string;
}

const programs: AffiliateProgram[] = [
  { program: 'Amazon Associates', retailer: 'Amazon', parameter: 'tag' },
  { program: 'Bookshop.org affiliate program', retailer: 'Bookshop.org', parameter: 'a_aid' },
  { program: 'Rakuten Kobo affiliate program', retailer: 'Kobo', parameter: 'siteId' },
  { program: 'Apple Services', retailer: 'Apple Books', parameter: 'at' },
];

/** Shelflink's affiliate disclosure, for readers following links and for authors making them. */
export function AffiliateDisclosurePage() {
  return (
    <StaticPage
      title="Affiliate disclosure"
      intro="Some shelf.to links earn a commission for the author or publisher who made them. Here is how that works, what it means for you as a reader, and how authors should tell their readers."
    >
      <PageSection id="how-it-works" title="How affiliate links work on Shelflink">
        <Text>
          Links on <Code>shelf.to</Code> are created by authors, publishers and affiliate publishers
          such as book bloggers and newsletter curators. Many of them belong to retailers&apos;
          affiliate programs. When they do, they can save their affiliate token in Shelflink, and
          their links to that retailer then carry the token.
        </Text>
        <Text>
          If you follow such a link and buy something, the retailer may pay the person or publisher
          who made the link a small commission. The token belongs to them: Shelflink doesn&apos;t
          add affiliate tokens of its own to their links and doesn&apos;t take a share of their
          commission.
        </Text>
      </PageSection>

      <PageSection id="readers-pay-nothing-extra" title="You pay nothing extra">
        <Text>
          An affiliate token only tells the retailer who sent you. The price you pay is the same as
          if you had gone to the store directly; the commission is paid by the retailer. A token
          doesn&apos;t tell the link&apos;s creator who you are.
        </Text>
      </PageSection>

      <PageSection id="programs" title="Which programs">
        <Text>Shelflink can add tokens for these programs:</Text>
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder verticalSpacing="sm">
            <Table.Caption>
              Affiliate programs and the address parameter each one uses
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Program</Table.Th>
                <Table.Th scope="col">Retailer</Table.Th>
                <Table.Th scope="col">Parameter in the address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {programs.map((row) => (
                <Table.Tr key={row.parameter}>
                  <Table.Th scope="row">{row.program}</Table.Th>
                  <Table.Td>{row.retailer}</Table.Td>
                  <Table.Td>
                    <Code>{row.parameter}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text>
          When you arrive at the store, you can usually see the token in the address bar, for
          example <Code>tag=</Code> on Amazon or <Code>at=</Code> on Apple Books.
        </Text>
      </PageSection>

      <PageSection id="for-authors" title="For authors: telling your readers">
        <Text>
          If your links carry your affiliate tokens, you are the one earning, so you are the one who
          needs to tell readers. Most affiliate programs require it, and so do advertising rules in
          many countries. A good disclosure is:
        </Text>
        <List spacing="xs">
          <List.Item>
            <strong>Clear</strong> — in plain words, not buried among hashtags or reduced to an
            abbreviation.
          </List.Item>
          <List.Item>
            <strong>Close to the link</strong> — readers should see it before they click, not only
            on a separate page.
          </List.Item>
          <List.Item>
            <strong>Everywhere you share</strong> — your website, newsletter, social posts and
            videos each need their own.
          </List.Item>
        </List>
        <PageSubsection title="Wording you can adapt">
          <Blockquote>
            Links to stores in this newsletter are affiliate links: if you buy a book through them,
            I may earn a small commission, at no extra cost to you.
          </Blockquote>
          <Text>
            Some programs ask for specific wording. Amazon Associates, for example, asks you to
            state &ldquo;As an Amazon Associate I earn from qualifying purchases.&rdquo; Check each
            program&apos;s terms for its required wording and for where its links may appear — some
            don&apos;t allow affiliate links in e-mails or ebooks.
          </Text>
        </PageSubsection>
        <Text>
          You can review or remove your tokens at any time in{' '}
          <AnchorLink to="/settings">Settings</AnchorLink>. The{' '}
          <AnchorLink to="/faq" hash="affiliate-tokens">
            FAQ
          </AnchorLink>{' '}
          explains how tokens work and where to find your Apple Services token.
        </Text>
      </PageSection>

      <PageSection id="contact" title="Questions">
        <Text>
          If you think a link is misusing affiliate tokens, or you have a question about this page,
          write to <EmailLink address={SUPPORT_EMAIL} />.
        </Text>
      </PageSection>
    </StaticPage>
  );
}
