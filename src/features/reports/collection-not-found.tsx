import { MissingPage } from '@/components/missing-page';

/** The report page of a collection that is not among the author's, or no longer exists. */
export function CollectionNotFound() {
  return (
    <MissingPage
      title="We could not find that collection"
      way={{ to: '/links/collections', label: 'Go to your collections' }}
    >
      None of your collections has this address, so there is no report to show. It may have been
      deleted.
    </MissingPage>
  );
}
