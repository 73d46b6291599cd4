import { List, Text } from '@mantine/core';
import { AnchorLink } from '@/components/anchor-link';
import { EmailLink, PRIVACY_EMAIL, PageSection, SUPPORT_EMAIL, StaticPage } from './static-page';

/** Who Shelflink is for, what it does, how it is paid for and how to reach the team. */
export function AboutPage() {
  return (
    <StaticPage
      title="About Shelflink"
      intro="Shelflink gives every book a short, trackable link — so authors can spend less time pasting store addresses and more time writing."
    >
      <PageSection id="who-its-for" title="Who it’s for">
        <Text>Shelflink is built for the people who send readers to books:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>Authors</strong>, traditionally published or independent, who share their books
            in newsletters, on social media, in back matter and at events.
          </List.Item>
          <List.Item>
            <strong>Publishers</strong> who look after links for a whole list of titles and authors.
          </List.Item>
          <List.Item>
            <strong>Affiliate publishers</strong> — book bloggers, reviewers, newsletter curators
            and deal sites — who recommend other people&apos;s books and earn a commission when
            readers buy.
          </List.Item>
        </List>
      </PageSection>

      <PageSection id="what-it-does" title="What it does">
        <Text>
          With Shelflink you create short smart links on <strong>shelf.to</strong> to books and to
          retailer product pages at Apple Books, Amazon, Kobo, Bookshop.org, Barnes &amp; Noble and
          other stores. You can give a link a memorable vanity code, find a book by its ISBN instead
          of copying addresses, and group related links into a{' '}
          <AnchorLink to="/feature-collections">collection</AnchorLink> with its own short address
          and cover image.
        </Text>
        <Text>
          Every link comes with a click report: clicks over time, by retailer and storefront, by
          country and by referrer. If you belong to affiliate programs, save your tokens once and
          Shelflink adds them to your links for you.
        </Text>
        <Text>
          Accounts from our previous link product can{' '}
          <AnchorLink to="/upgrade">upgrade to Shelflink</AnchorLink> and bring their links with
          them.
        </Text>
      </PageSection>

      <PageSection id="how-we-make-money" title="How we make money">
        <Text>
          Shelflink is paid for by its plans. Authors and publishers who need more from Shelflink
          pay a subscription, and that is our business. You can see your plan on{' '}
          <AnchorLink to="/account">your account page</AnchorLink>.
        </Text>
        <Text>
          Affiliate commissions are yours. When you save an affiliate token, it is your token that
          goes on your links, and the retailer&apos;s program pays you directly. We don&apos;t take
          a cut, and we don&apos;t put our own affiliate tokens on your links. Nor do we profile
          your readers: reports show totals, not people. Our{' '}
          <AnchorLink to="/affiliate-disclosure">affiliate disclosure</AnchorLink> and{' '}
          <AnchorLink to="/privacy">privacy policy</AnchorLink> explain the details.
        </Text>
      </PageSection>

      <PageSection id="contact" title="Get in touch">
        <Text>
          For help with your account or your links, write to <EmailLink address={SUPPORT_EMAIL} />;
          for questions about your data, write to <EmailLink address={PRIVACY_EMAIL} />. Publishers
          and affiliate publishers who manage links for many books can ask us about our partner
          program at the support address.
        </Text>
        <Text>
          Many questions are already answered in the <AnchorLink to="/faq">FAQ</AnchorLink>.
        </Text>
      </PageSection>
    </StaticPage>
  );
}
