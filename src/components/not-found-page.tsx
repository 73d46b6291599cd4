import { MissingPage } from './missing-page';

export function NotFoundPage() {
  return (
    <MissingPage title="Page not found" way={{ to: '/', label: 'Go to the home page' }}>
      There is no page at this address. It may have moved when Shelflink replaced the previous link
      product, or the link you followed has a typo.
    </MissingPage>
  );
}
