import type { components } from '../../api/schema';

type PartnerTerms = components['schemas']['PartnerTerms'];

/** The partner program's current terms. A change of wording gets a new version to accept. */
export const partnerTerms: PartnerTerms = {
  version: '2026-11',
  effectiveDate: '2026-11-01',
  title: 'Shelflink Partner Program Terms',
  sections: [
    {
      heading: 'Who may join',
      body: 'Any Shelflink account holder who promotes books they have the right to promote may join: authors, publishers and affiliate publishers. You must be old enough to enter into a contract where you live, and you must hold your own account with each retailer program whose token you save.',
    },
    {
      heading: 'How your affiliate tags are applied',
      body: "When a reader follows one of your links, Shelflink adds the token you saved for that retailer's program (such as an Amazon Associates tag or an Apple Services `at` token) to the destination at the moment of the click. A link to a retailer for which you saved no token is followed without one.",
    },
    {
      heading: 'Payouts',
      body: "Commissions are earned, reported and paid by each retailer's own affiliate program, under that program's terms, to the account you hold with it. Shelflink does not collect, hold or pay commissions, and cannot change a program's decisions, such as commissions reversed for returned orders.",
    },
    {
      heading: 'What you agree to',
      body: 'You tell your readers that your links may earn you a commission, you do not buy or fake clicks, and you follow the rules of every retailer program you use. We may end the enrolment of a partner who does not.',
    },
    {
      heading: 'Leaving the program',
      body: 'You may leave at any time by removing your tokens in Affiliate Settings or by writing to support. Your links keep working, without your tokens, from the next click. Commissions already earned remain between you and the retailer program.',
    },
    {
      heading: 'Changes to these terms',
      body: 'New terms get a new version and the date from which they apply, and we ask enrolled partners to accept them.',
    },
  ],
};
