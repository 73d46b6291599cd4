import '@/components/on-demand-mantine-styles';
import { Code, List, Table, Text } from '@mantine/core';
import { AnchorLink } from '@/components/anchor-link';
import { EmailLink, PRIVACY_EMAIL, PageSection, PageSubsection, StaticPage } from './static-page';

interface CookieRow {
  name: string;
  purpose: string;
  lifetime: string;
  when: string;
}

const cookieRows: CookieRow[] = [
  {
    name: 'Shelflink cookies',
    purpose: 'Make the site work, for example by keeping you signed in as you move between pages.',
    lifetime: '1 day, SameSite=Lax',
    when: 'Always — the site can’t work without them.',
  },
  {
    name: 'Analytics cookie',
    purpose: 'Show us how the site is used, so we can see which pages help and which confuse.',
    lifetime: '365 days',
    when: 'Only if you accept analytics cookies.',
  },
  {
    name: 'Marketing cookies',
    purpose: 'Help us measure and improve our own marketing of Shelflink.',
    lifetime: 'Set by the marketing service; varies',
    when: 'Only if you accept marketing cookies.',
  },
];

/** Shelflink's privacy policy: what is collected, cookies and consent, third parties, rights. */
export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy policy"
      intro="This policy explains what Shelflink collects when you use this site and shelf.to links, why, who else is involved and what you can ask us to do with your data."
    >
      <PageSection id="who-we-are" title="Who we are">
        <Text>
          Shelflink runs this site and the <Code>shelf.to</Code> link service, and is responsible
          for the personal data described here. Questions about privacy go to{' '}
          <EmailLink address={PRIVACY_EMAIL} />.
        </Text>
      </PageSection>

      <PageSection id="what-we-collect" title="What we collect">
        <PageSubsection title="From authors and publishers with an account">
          <List spacing="xs">
            <List.Item>
              <strong>Your e-mail address</strong>, which is how you sign in (we e-mail you a
              sign-in link instead of using a password) and how we contact you about your account.
            </List.Item>
            <List.Item>
              <strong>Your links and collections</strong>: destinations, vanity codes, titles, cover
              images and the ISBNs you look up.
            </List.Item>
            <List.Item>
              <strong>Your affiliate tokens</strong> for the programs you belong to, such as your
              Amazon Associates <Code>tag</Code> or your Apple Services <Code>at</Code> token.
            </List.Item>
            <List.Item>
              <strong>Account details</strong> such as your plan, partner program enrolment, and
              whether you moved over from our previous link product.
            </List.Item>
            <List.Item>
              <strong>Messages you send us</strong>, including link problem reports, and whether you
              have subscribed to our updates.
            </List.Item>
          </List>
        </PageSubsection>

        <PageSubsection title="From readers who follow a link">
          <Text>
            When someone follows a <Code>shelf.to</Code> link, we record the click: which link,
            when, the country (worked out from the network address of the request), the retailer and
            storefront the reader was sent to, and the referring site if the browser passes it on.
            Authors see this only as totals — clicks by day, by retailer, by country, by referrer.
          </Text>
          <Text>
            We don&apos;t build profiles of readers, we don&apos;t link one reader&apos;s clicks
            together across books or authors, and we don&apos;t show authors anything that
            identifies an individual reader.
          </Text>
        </PageSubsection>

        <PageSubsection title="From people who create a link without an account">
          <Text>
            If you create a link while signed out, we keep the link so that it works. If you claim
            it, we use the e-mail address you give us to send the confirmation e-mail that makes the
            link yours.
          </Text>
        </PageSubsection>
      </PageSection>

      <PageSection id="how-we-use-it" title="How we use it">
        <List spacing="xs">
          <List.Item>To run your links and show you their reports.</List.Item>
          <List.Item>
            To sign you in and send you e-mails about your account and your links.
          </List.Item>
          <List.Item>
            To keep <Code>shelf.to</Code> safe: acting on links to malware or deceptive pages,
            handling problem reports and preventing abuse.
          </List.Item>
          <List.Item>To find and fix errors in the site.</List.Item>
          <List.Item>To send you product updates, only if you subscribed to them.</List.Item>
          <List.Item>
            With your consent, to understand how the site is used and to measure our own marketing.
          </List.Item>
        </List>
        <Text>
          For people in the EU and UK, our legal bases are: performing our contract with you
          (running your account and links), our legitimate interest in keeping the service secure
          and working and in giving authors aggregate click reports, and your consent for analytics
          and marketing cookies and for updates.
        </Text>
      </PageSection>

      <PageSection id="cookies" title="Cookies and your consent">
        <Text>
          Optional cookies are off until you accept them. Visitors in California are asked on their
          first visit, in a cookie banner; everyone else can choose at any time, and until then only
          Shelflink&apos;s own cookies are used.
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Caption>Cookies used on this site</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Cookie</Table.Th>
                <Table.Th scope="col">What it does</Table.Th>
                <Table.Th scope="col">How long it lasts</Table.Th>
                <Table.Th scope="col">When it is set</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cookieRows.map((row) => (
                <Table.Tr key={row.name}>
                  <Table.Th scope="row">{row.name}</Table.Th>
                  <Table.Td>{row.purpose}</Table.Td>
                  <Table.Td>{row.lifetime}</Table.Td>
                  <Table.Td>{row.when}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text>
          You can change your choices at any time with{' '}
          <em>Manage cookie preferences (EU and US-California)</em> in the footer of every page.
          Withdrawing consent stops the optional cookies from then on. If you are a California
          resident, the banner and these preferences also give you your choices under the California
          Consumer Privacy Act, including opting out of the use of marketing cookies. We tell that
          you are in California from your device&apos;s time zone, so a visitor elsewhere on the US
          Pacific coast sees the banner too.
        </Text>
      </PageSection>

      <PageSection id="third-parties" title="Services we use">
        <Text>
          We use a few outside services to run Shelflink. This is what each one is for and what it
          receives.
        </Text>
        <List spacing="xs">
          <List.Item>
            <strong>Analytics</strong> — records how the site is used (pages viewed, buttons used).
            Only with your consent.
          </List.Item>
          <List.Item>
            <strong>Error reporting</strong> — when something breaks in your browser, sends us a
            technical report (the page, the error, your browser version) so we can fix it.
          </List.Item>
          <List.Item>
            <strong>Tag manager</strong> — loads the analytics and marketing tools, and only those
            you have agreed to.
          </List.Item>
          <List.Item>
            <strong>Avatar service</strong> — shows the picture next to your account. To find your
            picture, your browser asks the service directly, sending an MD5 hash of your e-mail
            address rather than the address itself. A hash is not anonymous, though: anyone who
            already knows your address can compute the same hash. If you haven&apos;t registered a
            picture with the service, you see a default image.
          </List.Item>
          <List.Item>
            <strong>Hosting and e-mail delivery</strong> — the providers that run our servers and
            deliver our sign-in and confirmation e-mails.
          </List.Item>
        </List>
        <Text>
          When a reader follows a link to a retailer, the retailer&apos;s own privacy policy applies
          from that point, and an affiliate program may set its own cookies on the retailer&apos;s
          site.
        </Text>
        <Text>
          We don&apos;t sell personal data. Under California law, using marketing cookies can count
          as &ldquo;sharing&rdquo; personal information; you can refuse or withdraw that through{' '}
          <em>Manage cookie preferences (EU and US-California)</em>.
        </Text>
      </PageSection>

      <PageSection id="retention" title="How long we keep it">
        <List spacing="xs">
          <List.Item>
            <strong>Your account, links, collections and affiliate tokens</strong>: for as long as
            your account is open. When you close your account, we delete them.
          </List.Item>
          <List.Item>
            <strong>Click data</strong>: kept as totals for the life of the link, so your reports
            stay complete.
          </List.Item>
          <List.Item>
            <strong>Unclaimed links</strong>: removed if they are not claimed within 30 days.
          </List.Item>
          <List.Item>
            <strong>Cookies</strong>: for the times listed above, or until you clear them.
          </List.Item>
          <List.Item>
            <strong>Messages and problem reports</strong>: as long as we need them to answer and to
            keep the service safe.
          </List.Item>
          <List.Item>
            <strong>Updates subscription</strong>: until you unsubscribe, which you can do from any
            update e-mail.
          </List.Item>
        </List>
      </PageSection>

      <PageSection id="your-rights" title="Your rights">
        <Text>
          Wherever you live, you can ask us what we hold about you, ask us to correct it, or ask us
          to delete it. Many things you can do yourself in{' '}
          <AnchorLink to="/account">your account</AnchorLink> and{' '}
          <AnchorLink to="/settings">settings</AnchorLink>; for everything else, write to{' '}
          <EmailLink address={PRIVACY_EMAIL} />. We may need to confirm that the request comes from
          you, usually by replying from the e-mail address on the account.
        </Text>
        <PageSubsection title="In the EU, EEA and UK (GDPR)">
          <Text>
            You have the right to access your data, to have it corrected or erased, to restrict or
            object to how we use it, to receive it in a portable format, and to withdraw consent at
            any time without affecting what happened before. You can also complain to your data
            protection authority, though we&apos;d appreciate the chance to put things right first.
          </Text>
        </PageSubsection>
        <PageSubsection title="In California (CCPA)">
          <Text>
            You have the right to know what personal information we collect and how we use it, to
            have it deleted or corrected, and to opt out of its sale or sharing. Opting out of
            sharing is done through <em>Manage cookie preferences (EU and US-California)</em>. We
            won&apos;t treat you differently for using any of these rights.
          </Text>
        </PageSubsection>
      </PageSection>

      <PageSection id="changes" title="Changes to this policy">
        <Text>
          If we change how we handle personal data, we&apos;ll update this page, and for significant
          changes we&apos;ll tell account holders by e-mail before they take effect. A short summary
          of this policy is also in our{' '}
          <AnchorLink to="/terms" hash="privacy-notice">
            terms of service
          </AnchorLink>
          .
        </Text>
      </PageSection>

      <PageSection id="contact" title="Contact">
        <Text>
          For anything about your privacy, write to <EmailLink address={PRIVACY_EMAIL} />.
        </Text>
      </PageSection>
    </StaticPage>
  );
}
