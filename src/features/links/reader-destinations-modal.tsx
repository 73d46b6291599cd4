import '@/components/on-demand-mantine-styles';
import { Alert, Button, Group, Mark, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isApiError, UNKNOWN_FIELD_ERROR } from '@/api/api-error';
import { $api } from '@/api/query-client';
import type { components } from '@/api/schema';
import { StackedModal } from '@/components/stacked-modal';

type ReaderStore = components['schemas']['ReaderStore'];
type ReaderDestination = components['schemas']['ReaderDestination'];

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Where the query pair carrying the author's value sits in an address. The address names it as
 * the store does (`tag=…`), which for a marketplace is not the token's name for it (`tag_GB`).
 */
function taggedPairIn(url: string, value: string): { start: number; end: number } | null {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return null;
  const fragmentStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, fragmentStart < 0 ? undefined : fragmentStart);
  let start = queryStart + 1;
  for (const pair of query.split('&')) {
    if ([...new URLSearchParams(pair).values()][0] === value) {
      return { start, end: start + pair.length };
    }
    start += pair.length + 1;
  }
  return null;
}

/** The address with the author's value marked, so it stands out where it sits in the query. */
function AddressWithTag({ store }: { store: ReaderStore }) {
  const tagged = store.tag && taggedPairIn(store.url, store.tag.value);
  if (!tagged) return <>{store.url}</>;
  return (
    <>
      {store.url.slice(0, tagged.start)}
      <Mark>{store.url.slice(tagged.start, tagged.end)}</Mark>
      {store.url.slice(tagged.end)}
    </>
  );
}

/** Each untagged country once, with the parameter to add and the program it belongs to. */
function untaggedCountries(results: readonly ReaderDestination[]) {
  return results.flatMap((destination) => {
    const missing = destination.stores.find((store) => store.missingTag)?.missingTag;
    return missing ? [{ country: destination.country, parameter: missing.parameter }] : [];
  });
}

function ReaderDestinations({ domain, code }: { domain: string; code: string }) {
  const destinations = $api.useQuery('get', '/v1/links/reader-destinations', {
    params: { query: { domain, code } },
  });

  if (destinations.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Loading where readers go">
        <Skeleton h={20} />
        <Skeleton h={20} />
        <Skeleton h={20} />
      </Stack>
    );
  }
  if (destinations.isError) {
    return (
      <Alert color="red" title="We could not work out where readers go" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {isApiError(destinations.error) ? destinations.error.message : UNKNOWN_FIELD_ERROR}
          </Text>
          <Button size="xs" variant="default" onClick={() => void destinations.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { results } = destinations.data;
  const untagged = untaggedCountries(results);
  return (
    <Stack>
      {untagged.length > 0 && (
        <Alert color="orange" title="Some readers land untagged">
          <Stack gap="xs">
            {untagged.map(({ country, parameter }) => (
              <Group key={country} justify="space-between" gap="xs">
                <Text size="sm">
                  Readers in {countryNames.of(country) ?? country} buy without your tag: add{' '}
                  {parameter} in Affiliate settings.
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  renderRoot={(props) => <Link {...props} to="/settings" hash={parameter} />}
                >
                  Add the tag for {countryNames.of(country) ?? country}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-label="Where readers in each country go">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Reader in</Table.Th>
              <Table.Th scope="col">Final address</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((destination) => (
              <Table.Tr key={destination.country}>
                <Table.Th scope="row" fw={500}>
                  {countryNames.of(destination.country) ?? destination.country}
                </Table.Th>
                <Table.Td>
                  <Stack gap={4}>
                    {destination.stores.map((store) => (
                      <Text key={store.url} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {store.retailer && `${store.retailer}: `}
                        <AddressWithTag store={store} />
                        {store.missingTag && (
                          <Text span size="sm" c="var(--mantine-color-orange-light-color)" fw={500}>
                            {' '}
                            (untagged)
                          </Text>
                        )}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Where readers in each country land from a link, as the redirect sends them now. */
export function ReaderDestinationsModal({
  opened,
  onClose,
  link,
}: {
  opened: boolean;
  onClose: () => void;
  link: { domain: string; code: string; label: string };
}) {
  return (
    <StackedModal
      opened={opened}
      onClose={onClose}
      title={`What readers get from ${link.label}`}
      size="xl"
      centered
    >
      {opened && <ReaderDestinations domain={link.domain} code={link.code} />}
    </StackedModal>
  );
}
