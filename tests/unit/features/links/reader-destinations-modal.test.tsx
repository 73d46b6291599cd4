import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { components } from '@/api/schema';
import { ReaderDestinationsModal } from '@/features/links/reader-destinations-modal';
import { jsonReply as reply } from '../../support/api-client';
import { createTestRootRoute, renderInRouter } from '../../support/router';

type ReaderDestination = components['schemas']['ReaderDestination'];

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

const amazonAssociates = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';

/** An author with US and UK tracking IDs and none for amazon.de, as the server answers. */
const destinations: ReaderDestination[] = [
  {
    country: 'US',
    stores: [
      {
        retailer: 'Amazon',
        url: 'https://www.amazon.com/dp/1668012340?tag=mayaokafor-20',
        tag: { programGuid: amazonAssociates, parameter: 'tag', value: 'mayaokafor-20' },
        missingTag: null,
      },
    ],
  },
  {
    country: 'GB',
    stores: [
      {
        retailer: 'Amazon',
        url: 'https://www.amazon.co.uk/dp/1668012340?ref=newsletter&tag=mayaokafor-21',
        tag: { programGuid: amazonAssociates, parameter: 'tag_GB', value: 'mayaokafor-21' },
        missingTag: null,
      },
    ],
  },
  {
    country: 'DE',
    stores: [
      {
        retailer: 'Amazon',
        url: 'https://www.amazon.de/dp/1668012340',
        tag: null,
        missingTag: { programGuid: amazonAssociates, parameter: 'tag_DE' },
      },
    ],
  },
];

beforeEach(() => {
  fetchMock.mockImplementation((input) => {
    const url = new URL((input as Request).url);
    return Promise.resolve(
      url.pathname === '/v1/links/reader-destinations'
        ? reply(200, { results: destinations })
        : reply(404, {}),
    );
  });
});

function renderPanel() {
  const component = () => (
    <ReaderDestinationsModal
      opened
      onClose={() => {}}
      link={{ domain: 'shelf.to', code: 'salt-orchard-amzn', label: 'shelf.to/salt-orchard-amzn' }}
    />
  );
  renderInRouter(createTestRootRoute({ component }));
}

async function rowOf(country: string) {
  const header = await screen.findByRole('rowheader', { name: country });
  const row = header.closest('tr');
  if (!row) throw new Error(`No row for ${country}`);
  return row;
}

test("marks a marketplace's tag where the address carries it, under the store's own name", async () => {
  renderPanel();

  const uk = await rowOf('United Kingdom');
  expect(uk.querySelector('mark')).toHaveTextContent(/^tag=mayaokafor-21$/);
  expect(uk).toHaveTextContent(
    'Amazon: https://www.amazon.co.uk/dp/1668012340?ref=newsletter&tag=mayaokafor-21',
  );
  expect((await rowOf('United States')).querySelector('mark')).toHaveTextContent(
    /^tag=mayaokafor-20$/,
  );
});

test('flags the untagged country and links to its field in Affiliate settings', async () => {
  renderPanel();

  const germany = await rowOf('Germany');
  expect(germany.querySelector('mark')).toBeNull();
  expect(germany).toHaveTextContent('(untagged)');
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent(
    'Readers in Germany buy without your tag: add tag_DE in Affiliate settings.',
  );
  expect(alert).not.toHaveTextContent('United Kingdom');
  expect(within(alert).getByRole('link', { name: 'Add the tag for Germany' })).toHaveAttribute(
    'href',
    '/settings#tag_DE',
  );
});
