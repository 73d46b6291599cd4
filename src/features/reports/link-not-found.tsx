import { MissingPage } from '@/components/missing-page';

/** The report-a-link page for a short link that does not exist. */
export function LinkNotFound() {
  return (
    <MissingPage
      title="We could not find that link"
      way={{ to: '/', label: 'Go to the home page' }}
    >
      There is no Shelflink short link at this address, so there is nothing to report. Check the
      link for typos, or it may have been removed by its author.
    </MissingPage>
  );
}
