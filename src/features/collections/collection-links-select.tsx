import '@/components/on-demand-mantine-styles';
import { Anchor, Loader, MultiSelect, type MultiSelectProps } from '@mantine/core';
import { COLLECTION_MAX_LINKS } from './collection-form';
import { useLinkChoices } from './use-link-choices';

interface CollectionLinksSelectProps extends Omit<
  MultiSelectProps,
  'data' | 'label' | 'searchable'
> {
  /** The links picked when the form opened; any not among the loaded choices are fetched by id. */
  initialIds?: string[];
}

/** Picks links from the author's own links. */
export function CollectionLinksSelect({
  initialIds = [],
  error,
  ...props
}: CollectionLinksSelectProps) {
  const { choices, data } = useLinkChoices(initialIds);

  const loadError = choices.isError ? (
    <>
      Your links could not be loaded.{' '}
      <Anchor component="button" type="button" size="xs" onClick={() => void choices.refetch()}>
        Try again
      </Anchor>
    </>
  ) : undefined;

  return (
    <MultiSelect
      {...props}
      label="Links in this collection"
      description="Pick from your links, then put them in the order readers should see them."
      placeholder={choices.isPending ? 'Loading your links…' : 'Search your links'}
      data={data}
      searchable
      clearable
      hidePickedOptions
      maxValues={COLLECTION_MAX_LINKS}
      nothingFoundMessage="No link matches"
      disabled={choices.isPending}
      rightSection={choices.isPending ? <Loader size="xs" aria-hidden="true" /> : undefined}
      error={error ?? loadError}
    />
  );
}
