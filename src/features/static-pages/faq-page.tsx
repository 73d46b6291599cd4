import type { ReactNode } from 'react';
import { Box, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  EmailLink,
  PRIVACY_EMAIL,
  SUPPORT_EMAIL,
  StaticPage,
  hashTargetStyle,
} from './static-page';
import { AnchorLink } from '@/components/anchor-link';

export interface FaqEntry {
  /** Stable kebab-case id; the question's heading carries it, so `/faq#id` scrolls to it. */
  id: string;
  question: string;
  answer: ReactNode;
}

export const faqEntries: FaqEntry[] = [
  {
    id: 'what-is-a-smart-link',
    question: 'What is a smart link?',
    answer: (
      <>
        <Text>
          A smart link is a short address on <Code>shelf.to</Code> that sends readers to your book —
          a book page or a product page at Apple Books, Amazon, Kobo, Bookshop.org, Barnes &amp;
          Noble and other retailers. Put it in your newsletter, your social bios, the back matter of
          your ebook or on a bookmark, and it keeps working even if the retailer&apos;s own address
          is long and messy.
        </Text>
        <Text>
          Every click is counted, so you can see how many readers your link reached, which stores
          they went to and where they found it. If the destination changes, you update it once in
          Shelflink instead of hunting down every place you shared the link.
        </Text>
      </>
    ),
  },
  {
    id: 'vanity-codes',
    question: 'Can I choose the code at the end of my link?',
    answer: (
      <>
        <Text>
          Yes. Instead of a random code you can pick a vanity code, so your link reads{' '}
          <Code>shelf.to/lanternfall</Code> rather than a jumble of characters. A vanity code:
        </Text>
        <List spacing="xs">
          <List.Item>is 3 to 22 characters long;</List.Item>
          <List.Item>
            may use letters, digits, hyphens (<Code>-</Code>) and underscores (<Code>_</Code>) — no
            spaces, accents or other punctuation.
          </List.Item>
        </List>
        <Text>
          Codes are shared by everyone on <Code>shelf.to</Code>, first come, first served. If the
          code you want is already taken, Shelflink tells you and you can try another. Adding the
          format, the series number or the year usually does the trick:{' '}
          <Code>lanternfall-audio</Code>, <Code>lanternfall_2</Code>, <Code>lanternfall-2024</Code>.
        </Text>
      </>
    ),
  },
  {
    id: 'isbn-lookup',
    question: 'How does ISBN lookup work?',
    answer: (
      <>
        <Text>
          Type or paste your book&apos;s ISBN and Shelflink finds the book for you, so you
          don&apos;t have to copy retailer addresses by hand. Both kinds of ISBN work:
        </Text>
        <List spacing="xs">
          <List.Item>
            <strong>ISBN-13</strong>: 13 digits, starting with <Code>978</Code> or <Code>979</Code>,
            for example <Code>978-1-234-56789-7</Code>.
          </List.Item>
          <List.Item>
            <strong>ISBN-10</strong>: 10 characters, where the last one may be an <Code>X</Code>,
            for example <Code>1-234-56789-X</Code>.
          </List.Item>
        </List>
        <Text>
          Hyphens and spaces are fine — enter the number the way it is printed on the copyright page
          or the back cover. The last character of an ISBN is a check digit, so a single mistyped
          digit usually makes the whole number invalid; if a lookup fails, compare it with your
          copyright page first. Each edition (paperback, hardcover, ebook, audiobook) has its own
          ISBN.
        </Text>
      </>
    ),
  },
  {
    id: 'affiliate-tokens',
    question: 'How do I earn affiliate commission with my links?',
    answer: (
      <>
        <Text>
          If you belong to a retailer&apos;s affiliate program, save your token for that program in{' '}
          <AnchorLink to="/settings">Settings</AnchorLink>. When a reader follows one of your links
          to that retailer, Shelflink adds your token to the address, so the retailer can credit the
          sale to you. You save each token once and it applies to all your links to that retailer.
        </Text>
        <List spacing="xs">
          <List.Item>
            <strong>Amazon Associates</strong> — your tracking ID, sent as <Code>tag</Code>. It
            usually ends in a hyphen and two digits, like <Code>yourname-20</Code>.
          </List.Item>
          <List.Item>
            <strong>Bookshop.org</strong> — your affiliate ID, sent as <Code>a_aid</Code>.
          </List.Item>
          <List.Item>
            <strong>Rakuten Kobo</strong> — your site ID, sent as <Code>siteId</Code>.
          </List.Item>
          <List.Item>
            <strong>Apple Services</strong> — your affiliate token, sent as <Code>at</Code> (see the
            next question).
          </List.Item>
        </List>
        <Text>
          The commission is yours: it is paid by the retailer&apos;s program straight to you, under
          that program&apos;s own terms. Shelflink takes no share of it. Most programs require you
          to tell readers that you earn from your links — our{' '}
          <AnchorLink to="/affiliate-disclosure">affiliate disclosure</AnchorLink> has suggested
          wording.
        </Text>
      </>
    ),
  },
  {
    id: 'apple-services-token',
    question: 'Where do I find my Apple Services token, and why does it start with 1?',
    answer: (
      <>
        <Text>
          Apple Books links pay commission through Apple Services, Apple&apos;s affiliate program
          for its media stores. When you join, Apple gives you an affiliate token; it travels in
          links as the <Code>at</Code> parameter. You can find it in your Apple Services affiliate
          account, or in any affiliate link you have generated there — it&apos;s the value after{' '}
          <Code>at=</Code>.
        </Text>
        <Text>
          Apple affiliate tokens always begin with the digit <Code>1</Code>. If what you pasted
          starts with anything else, it isn&apos;t your token: you have most likely copied a
          different part of the link — for example the campaign value after <Code>ct=</Code>, which
          is a label you choose yourself, not your token.
        </Text>
      </>
    ),
  },
  {
    id: 'collections',
    question: 'What are collections?',
    answer: (
      <>
        <Text>
          A collection groups several links under one short address, such as{' '}
          <Code>shelf.to/c/orchard-trilogy</Code>. Use one for a series, a box set, every format of
          a single book, or a reading list you want to share. Each collection has a title, the links
          in it, its own alias code (the part after <Code>/c/</Code>) and a cover image, and it has
          a click report of its own.
        </Text>
        <Text>
          Manage them under <AnchorLink to="/links/collections">Collections</AnchorLink>, or read
          more on the <AnchorLink to="/feature-collections">collections feature page</AnchorLink>.
        </Text>
      </>
    ),
  },
  {
    id: 'claiming-a-link',
    question: 'I made a link without an account. How do I keep it?',
    answer: (
      <>
        <Text>
          You can create a link without signing in. It works straight away, but it is unclaimed: it
          isn&apos;t tied to any account yet. To make it yours:
        </Text>
        <List type="ordered" spacing="xs">
          <List.Item>
            before you leave the page where you made it, enter your e-mail address under Keep this
            link (only that page can claim it);
          </List.Item>
          <List.Item>open the confirmation e-mail we send you;</List.Item>
          <List.Item>
            follow the link in it. That confirms your address, sets up your account and makes the
            link yours.
          </List.Item>
        </List>
        <Text>
          An unclaimed link stops working after 30 days. If the e-mail doesn&apos;t arrive within a
          few minutes, check your spam or promotions folder and make sure the address was typed
          correctly.
        </Text>
      </>
    ),
  },
  {
    id: 'signing-in',
    question: 'Why is there no password?',
    answer: (
      <>
        <Text>
          Shelflink uses passwordless sign-in. On the{' '}
          <AnchorLink to="/login">sign-in page</AnchorLink> you enter your e-mail address and we
          send you a sign-in link; opening it signs you in. There is no password to forget, reuse or
          leak.
        </Text>
        <Text>
          This means your e-mail inbox is the key to your account, so keep it secure. If a sign-in
          link doesn&apos;t work, request a new one from the sign-in page.
        </Text>
      </>
    ),
  },
  {
    id: 'reading-reports',
    question: 'How do I read my click reports?',
    answer: (
      <>
        <Text>Every link and collection has a report that shows:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>Clicks over time</strong> — spot the day your newsletter went out or your ad
            started running.
          </List.Item>
          <List.Item>
            <strong>Retailers and storefronts</strong> — which stores readers were sent to, and
            which country&apos;s storefront.
          </List.Item>
          <List.Item>
            <strong>Countries</strong> — where your readers are.
          </List.Item>
          <List.Item>
            <strong>Referrers</strong> — the sites and apps where readers found your link. Some apps
            and e-mail programs don&apos;t pass this on, so part of your traffic will show as having
            no referrer.
          </List.Item>
        </List>
        <Text>
          Reports count clicks, not sales. Sales and commission are reported by each retailer or
          affiliate program in its own dashboard. A good habit is to use a separate link for each
          place you share a book, so the reports tell you which place worked.
        </Text>
      </>
    ),
  },
  {
    id: 'reporting-a-broken-link',
    question: 'A link is broken or leads somewhere it shouldn’t. How do I report it?',
    answer: (
      <>
        <Text>
          Anyone can report a problem with a Shelflink link, whether or not they have an account.
          Open <Code>/report-link/shelf.to/CODE</Code> on this site, replacing <Code>CODE</Code>{' '}
          with the part of the link after <Code>shelf.to/</Code>. For{' '}
          <Code>shelf.to/lanternfall</Code> that is <Code>/report-link/shelf.to/lanternfall</Code>.
          Tell us what you expected and what happened instead.
        </Text>
        <Text>
          If it&apos;s one of your own links, you can usually fix it yourself: open it under{' '}
          <AnchorLink to="/links/books">Your links</AnchorLink> and update the destination.
          Retailers sometimes retire a product page when a new edition comes out.
        </Text>
        <Text>
          When we confirm a reader&apos;s report, we switch the link off and e-mail its author.
          Readers then see a page saying the link was switched off. Fix the destination and the link
          works again at once. If we found a link was used to mislead or harm readers, it stays off:
          write to <EmailLink address={SUPPORT_EMAIL} /> and quote the reference from our e-mail.
        </Text>
      </>
    ),
  },
  {
    id: 'upgrading',
    question: 'I have an account with your previous link product. What happens to my links?',
    answer: (
      <>
        <Text>
          Shelflink replaces our previous link product. When you{' '}
          <AnchorLink to="/upgrade">upgrade</AnchorLink>, the links from your older account are
          moved into Shelflink, where you manage them alongside any new ones and get
          Shelflink&apos;s reports, collections and affiliate settings. A link that does not lead to
          a public web page stays behind, and the upgrade tells you how many did.
        </Text>
        <Text>
          After upgrading, look through your links once and check that the destinations are still
          where you want readers to go. If anything looks wrong or is missing, write to{' '}
          <EmailLink address={SUPPORT_EMAIL} /> before you change it, and we&apos;ll look into it.
        </Text>
      </>
    ),
  },
  {
    id: 'privacy-and-cookies',
    question: 'What do you track about my readers, and what about cookies?',
    answer: (
      <>
        <Text>
          For each click we record when it happened, the country, the retailer and storefront, and
          the referring site, and we show these to you as totals. We don&apos;t build profiles of
          your readers or follow them around the web.
        </Text>
        <Text>
          On this site, Shelflink&apos;s own cookies last one day. Analytics and marketing cookies
          are only set if you agree to them in the cookie banner, and you can change your mind at
          any time with <em>Manage cookie preferences (EU and US-California)</em> at the foot of
          every page. The details are in our <AnchorLink to="/privacy">privacy policy</AnchorLink>;
          questions go to <EmailLink address={PRIVACY_EMAIL} />.
        </Text>
      </>
    ),
  },
  {
    id: 'getting-help',
    question: 'How do I get help?',
    answer: (
      <>
        <Text>
          Write to <EmailLink address={SUPPORT_EMAIL} />. To help us answer quickly, include the
          e-mail address you sign in with and the link or collection you are asking about (for
          example <Code>shelf.to/lanternfall</Code>), and tell us what you expected to happen.
        </Text>
        <Text>
          For account details see <AnchorLink to="/account">your account</AnchorLink>. If a link is
          broken, see{' '}
          <AnchorLink to="/faq" hash="reporting-a-broken-link">
            how to report a broken link
          </AnchorLink>
          .
        </Text>
      </>
    ),
  },
];

/** Frequently asked questions; every question is a hash target listed in the table of contents. */
export function FaqPage() {
  return (
    <StaticPage
      title="Frequently asked questions"
      intro="Answers to what authors and publishers ask us most about smart links, reports and affiliate earnings."
    >
      <Paper component="nav" aria-label="Questions on this page" withBorder p="md" radius="md">
        <Text fw={600} mb="xs">
          On this page
        </Text>
        <List spacing={4} listStyleType="none">
          {faqEntries.map((entry) => (
            <List.Item key={entry.id}>
              <AnchorLink to="/faq" hash={entry.id}>
                {entry.question}
              </AnchorLink>
            </List.Item>
          ))}
        </List>
      </Paper>

      {faqEntries.map((entry) => (
        <Box component="section" key={entry.id} aria-labelledby={entry.id}>
          <Stack gap="sm">
            <Title order={2} size="h3" id={entry.id} style={hashTargetStyle}>
              {entry.question}
            </Title>
            {entry.answer}
          </Stack>
        </Box>
      ))}
    </StaticPage>
  );
}
