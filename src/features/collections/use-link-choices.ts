import { useQuery } from '@tanstack/react-query';
import { toLinkChoices } from './collection-form';
import { linkChoicesQueryOptions, linksByIdsQueryOptions } from './collections-queries';

/**
 * The author's links to pick from, labelled, with the links picked when the form opened fetched
 * by id when they are not among the loaded ones. Both the picker and the order list ask, and
 * share the calls.
 */
export function useLinkChoices(initialIds: readonly string[] = []) {
  const choices = useQuery(linkChoicesQueryOptions());
  const loadedIds = new Set(choices.data?.results.map((link) => link.id));
  const missingIds = choices.isSuccess ? initialIds.filter((id) => !loadedIds.has(id)) : [];
  const picked = useQuery({
    ...linksByIdsQueryOptions(missingIds),
    enabled: missingIds.length > 0,
  });
  const links = [...(choices.data?.results ?? []), ...(picked.data?.results ?? [])];
  const ready = choices.isSuccess && (missingIds.length === 0 || !picked.isPending);
  return { choices, data: toLinkChoices(links, ready ? initialIds : []) };
}
