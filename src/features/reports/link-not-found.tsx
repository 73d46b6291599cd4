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

/** The report page of a link that is not among the author's, or no longer exists. */
export function LinkReportNotFound() {
  return (
    <MissingPage
      title="We could not find that link"
      way={{ to: '/links/books', label: 'Go to your book links' }}
    >
      None of your links has this address, so there is no report to show. Check it for typos, or it
      may have been deleted.
    </MissingPage>
  );
}
