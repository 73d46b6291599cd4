import { Code, List, Text } from '@mantine/core';
import { AnchorLink } from '@/components/anchor-link';
import { EmailLink, PRIVACY_EMAIL, PageSection, SUPPORT_EMAIL, StaticPage } from './static-page';

/** The date the consent banner shows for the privacy notice. */
export const PRIVACY_NOTICE_LAST_UPDATED = '07/06/2018';

/** Terms of service for authors, publishers and anyone creating links; includes the privacy notice. */
export function TermsPage() {
  return (
    <StaticPage
      title="Terms of service"
      intro="These terms apply when you use Shelflink: this site, your account, and the links on shelf.to. By creating a link or an account, you agree to them. We have tried to keep them short and plain."
    >
      <PageSection id="accounts" title="Your account">
        <List spacing="xs">
          <List.Item>
            You sign in with your e-mail address: we send you a sign-in link instead of asking for a
            password. Anyone who can open your e-mail can sign in as you, so keep your inbox secure
            and your address up to date.
          </List.Item>
          <List.Item>
            You are responsible for the links, collections and settings in your account and for what
            is done with it.
          </List.Item>
          <List.Item>
            If you manage links for someone else — for example as a publisher for your authors —
            make sure you are allowed to.
          </List.Item>
          <List.Item>
            You can stop using Shelflink at any time, and you can ask us to close your account.
          </List.Item>
        </List>
      </PageSection>

      <PageSection id="acceptable-use" title="Acceptable use of links">
        <Text>
          Readers trust a <Code>shelf.to</Code> link to take them where it says it will. To keep it
          that way, every link must follow these rules:
        </Text>
        <List spacing="xs">
          <List.Item>
            The destination must be a web address starting with <Code>http://</Code> or{' '}
            <Code>https://</Code>. Other kinds of address (such as <Code>javascript:</Code>,{' '}
            <Code>data:</Code> or <Code>file:</Code>) are not allowed.
          </List.Item>
          <List.Item>
            No malware, phishing, or pages that try to trick people into installing, paying for or
            giving away something.
          </List.Item>
          <List.Item>
            No deceptive destinations: a link must lead to what the reader would reasonably expect
            from its code, its collection and the place it was shared. A link presented as a book
            must not lead somewhere else.
          </List.Item>
          <List.Item>
            Nothing illegal, nothing that infringes someone else&apos;s rights, and no spam.
          </List.Item>
          <List.Item>
            Don&apos;t use links to get around an affiliate program&apos;s rules or a
            retailer&apos;s terms, and don&apos;t try to inflate your own click counts.
          </List.Item>
          <List.Item>
            Don&apos;t interfere with the service, for example by creating links in bulk through
            automated means we haven&apos;t agreed to.
          </List.Item>
        </List>
        <Text>
          If a link breaks these rules, we may disable it, and for serious or repeated breaches we
          may suspend the account. Anyone can report a problem with a link at{' '}
          <Code>/report-link/shelf.to/CODE</Code>; see the{' '}
          <AnchorLink to="/faq" hash="reporting-a-broken-link">
            FAQ
          </AnchorLink>{' '}
          for how.
        </Text>
      </PageSection>

      <PageSection id="vanity-codes" title="Vanity codes and collection aliases">
        <Text>
          Vanity codes (3 to 22 letters, digits, hyphens and underscores) and collection aliases are
          handed out first come, first served. Choosing one lets you use it; it doesn&apos;t make it
          your property.
        </Text>
        <Text>
          We may reclaim a code or alias that is used for abuse — for example to break the rules
          above, to impersonate another author, publisher or brand, or to hold on to names for
          resale. Where we can, we&apos;ll tell you first and give you the chance to fix the
          problem.
        </Text>
      </PageSection>

      <PageSection id="your-content" title="Your content">
        <Text>
          You keep all rights to what you add to Shelflink, such as collection titles and cover
          images. You give us permission to store and show it as needed to run your links and
          collections. Only upload cover images you have the right to use.
        </Text>
      </PageSection>

      <PageSection id="affiliate-programs" title="Affiliate programs">
        <Text>
          When you save an affiliate token — for Amazon Associates, Bookshop.org, Rakuten Kobo or
          Apple Services — Shelflink adds it to your links to that retailer. Your relationship with
          each program is between you and that program, and its own terms apply, including its rules
          on where links may appear and how you must disclose them to readers.
        </Text>
        <Text>
          Commissions are paid to you by the program, not by us, and we take no share. We can&apos;t
          guarantee that a program will credit a particular sale. Our{' '}
          <AnchorLink to="/affiliate-disclosure">affiliate disclosure</AnchorLink> has guidance on
          telling readers about affiliate links.
        </Text>
      </PageSection>

      <PageSection id="unclaimed-links" title="Unclaimed links">
        <Text>
          You can create a link without an account. It stays unclaimed until someone claims it by
          signing up with their e-mail address and confirming it. An unclaimed link expires if it
          isn&apos;t claimed within 30 days: it stops working, and its code may be given out again.
          The same acceptable-use rules apply to unclaimed links.
        </Text>
      </PageSection>

      <PageSection id="liability" title="Availability and liability">
        <Text>
          We work hard to keep links fast and working, but Shelflink is provided as it is, and we
          can&apos;t promise it will never be interrupted. Retailers change and remove their pages,
          and click reports are a guide rather than an exact count: they may not match a
          retailer&apos;s or an affiliate program&apos;s own figures.
        </Text>
        <Text>
          As far as the law allows, Shelflink is not liable for indirect losses, such as lost sales
          or commissions, caused by a link being unavailable, disabled or pointing somewhere that
          has changed. Nothing in these terms limits any liability that cannot be limited by law, or
          your rights as a consumer.
        </Text>
      </PageSection>

      <PageSection id="changes" title="Changes to these terms">
        <Text>
          We may update these terms as Shelflink changes. When we do, we&apos;ll publish the new
          version here, and for significant changes we&apos;ll e-mail account holders before they
          take effect. If you keep using Shelflink after that, the new terms apply; if you
          don&apos;t agree with them, you can close your account.
        </Text>
      </PageSection>

      <PageSection id="privacy-notice" title="Privacy notice">
        <Text size="sm" c="dimmed">
          Last updated {PRIVACY_NOTICE_LAST_UPDATED}
        </Text>
        <Text>In short, this is how Shelflink handles personal data:</Text>
        <List spacing="xs">
          <List.Item>
            We keep your e-mail address to sign you in and to contact you about your account, and we
            keep your links, collections and affiliate tokens to run your links.
          </List.Item>
          <List.Item>
            For clicks on <Code>shelf.to</Code> links we record the time, country, retailer and
            storefront, and referrer, and show them to authors only as totals. We don&apos;t build
            profiles of readers.
          </List.Item>
          <List.Item>
            Shelflink&apos;s own cookies last 1 day and use SameSite=Lax. The analytics cookie
            (which lasts 365 days) and marketing cookies are set only with your consent. California
            residents can also make their CCPA choices in the cookie banner.
          </List.Item>
          <List.Item>
            You can change your choices at any time with{' '}
            <em>Manage cookie preferences (EU and US-California)</em> in the footer.
          </List.Item>
          <List.Item>
            We use outside services for analytics, error reporting, tag management and avatars.
          </List.Item>
          <List.Item>
            You can ask to see, correct or delete your data by writing to{' '}
            <EmailLink address={PRIVACY_EMAIL} />.
          </List.Item>
        </List>
        <Text>
          The full details are in our <AnchorLink to="/privacy">privacy policy</AnchorLink>.
        </Text>
      </PageSection>

      <PageSection id="contact" title="Contact">
        <Text>
          Questions about these terms go to <EmailLink address={SUPPORT_EMAIL} />; questions about
          your data go to <EmailLink address={PRIVACY_EMAIL} />.
        </Text>
      </PageSection>
    </StaticPage>
  );
}
