import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { LinkIssuesSection } from '@/features/admin/link-issues-section';
import type { LinkIssue } from '@/features/admin/link-issues-queries';
import { jsonReply as reply } from '../../support/api-client';
import { render } from '../../support/render';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

const REFERENCE = 'LI-20261121-0042';

const waiting: LinkIssue = {
  reference: REFERENCE,
  shortUrl: 'https://shelf.to/salt-orchard',
  destination: 'https://www.amazon.co.uk/dp/1668012340',
  linkDisabled: false,
  ownerEmail: 'maya.okafor@example.com',
  kind: 'brokenStoreLink',
  details: 'The UK store says the book is unavailable.',
  reporterEmail: null,
  reportedAt: '2026-11-21T09:14:00Z',
  resolution: null,
};

/** The decisions sent, by reference, with their bodies. */
let decisions: { reference: string; body: unknown }[];
let decisionReply: () => Response;

beforeEach(() => {
  decisions = [];
  decisionReply = () =>
    reply(200, {
      ...waiting,
      linkDisabled: true,
      resolution: {
        outcome: 'upheld',
        decidedAt: '2026-11-21T11:02:00Z',
        decidedBy: 'ops@shelflink.example',
      },
    });
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/v2/admin/link-issues') {
      return url.searchParams.get('status') === 'open'
        ? reply(200, { results: [waiting], total: 1 })
        : reply(200, { results: [], total: 0 });
    }
    const decision = /^\/v2\/admin\/link-issues\/([^/]+)\/resolution$/.exec(url.pathname);
    if (request.method === 'PUT' && decision?.[1]) {
      decisions.push({ reference: decision[1], body: await request.json() });
      return decisionReply();
    }
    return reply(404, { responseStatus: { errorCode: 'NotFound', message: 'Not found' } });
  });
});

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <LinkIssuesSection />
    </QueryClientProvider>,
  );
}

async function openUpholdConfirmation() {
  await userEvent.click(
    await screen.findByRole('button', { name: `Uphold and disable link for ${REFERENCE}` }),
  );
  return screen.findByRole('dialog', { name: 'Uphold this report?' });
}

describe('the reported links section', () => {
  test('lists the waiting reports, with counts on both tabs', async () => {
    renderSection();
    const report = await screen.findByRole('article', { name: REFERENCE });
    expect(report).toHaveTextContent('Store page broken or book unavailable');
    expect(report).toHaveTextContent('The UK store says the book is unavailable.');
    expect(report).toHaveTextContent('Reported byAnonymous reader');
    expect(report).toHaveTextContent('Link ownermaya.okafor@example.com');
    expect(within(report).getByRole('link', { name: waiting.shortUrl })).toHaveAttribute(
      'href',
      waiting.shortUrl,
    );
    expect(screen.getByRole('tab', { name: 'Waiting, 1 report' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('tab', { name: 'Decided, 0 reports' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Decided, 0 reports' }));
    expect(await screen.findByText('Nothing decided yet.')).toBeInTheDocument();
  });

  test('asks before upholding, then sends the decision', async () => {
    renderSection();
    const dialog = await openUpholdConfirmation();
    expect(dialog).toHaveTextContent('Readers who open it will see a “link disabled” page');
    expect(dialog).toHaveTextContent('maya.okafor@example.com, is told by e-mail');
    expect(decisions).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Uphold and disable link' }));

    await vi.waitFor(() => {
      expect(decisions).toEqual([{ reference: REFERENCE, body: { outcome: 'upheld' } }]);
    });
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  test('says so when the report was already decided', async () => {
    decisionReply = () =>
      reply(409, {
        responseStatus: {
          errorCode: 'AlreadyDecided',
          message: 'This report was already decided.',
          errors: [],
        },
      });
    renderSection();
    const dialog = await openUpholdConfirmation();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Uphold and disable link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This report was already decided.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));

    await userEvent.click(screen.getByRole('button', { name: `Dismiss ${REFERENCE}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${REFERENCE} was not dismissedThis report was already decided.`,
    );
    expect(decisions.map(({ body }) => body)).toEqual([
      { outcome: 'upheld' },
      { outcome: 'dismissed' },
    ]);
  });
});
