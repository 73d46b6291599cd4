import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { LinkCard } from '@/features/links/link-card';
import { createdLink } from '../../support/api-client';
import { createTestRootRoute, renderInRouter } from '../../support/router';

function renderCard(link: ReturnType<typeof createdLink>, onEdit = () => {}) {
  const component = () => (
    <ul>
      <LinkCard
        link={link}
        recentClicks={[]}
        onEdit={onEdit}
        onAddToCollection={() => {}}
        onArchiveChange={() => {}}
        onDelete={() => {}}
      />
    </ul>
  );
  renderInRouter(createTestRootRoute({ component }));
}

describe('a link card', () => {
  test('says why a disabled link is disabled and what the author can do', async () => {
    renderCard(
      createdLink({
        disabled: {
          at: '2026-11-21T09:14:00Z',
          reason: 'destinationInvalid',
          message: 'Disabled because its stored address is not one a reader can be sent to.',
        },
      }),
    );

    expect(await screen.findByText(/its stored address is not one a reader/)).toHaveTextContent(
      'Disabled. Disabled because its stored address is not one a reader can be sent to.',
    );
  });

  test('says nothing of the kind while the link works', async () => {
    renderCard(createdLink());

    await screen.findByText('The Salt Orchard');
    expect(screen.queryByText(/Disabled/)).not.toBeInTheDocument();
  });

  test('offers to fix the destination of a link disabled after an upheld report', async () => {
    const onEdit = vi.fn();
    const link = createdLink({
      disabled: {
        at: '2026-11-21T09:14:00Z',
        reason: 'reportUpheld',
        message: 'Disabled after a reader’s report. Change its destination to turn it back on.',
      },
    });
    renderCard(link, onEdit);

    await userEvent.click(await screen.findByRole('button', { name: 'Fix destination' }));
    expect(onEdit).toHaveBeenCalledWith(link);
  });

  test('offers no fix for a link an administrator disabled for abuse', async () => {
    renderCard(
      createdLink({
        disabled: {
          at: '2026-11-21T09:14:00Z',
          reason: 'abuse',
          message: 'Disabled for misleading readers. Contact support.',
        },
      }),
    );

    await screen.findByText(/Contact support/);
    expect(screen.queryByRole('button', { name: 'Fix destination' })).not.toBeInTheDocument();
  });

  test('tells an every-store link from a one-store one by its badges', async () => {
    renderCard(createdLink({ allStores: true, archived: true }));

    const badges = await screen.findByRole('group', { name: 'What this link does' });
    expect(within(badges).getByText('Every store')).toBeVisible();
    expect(within(badges).getByText('Archived')).toBeVisible();
    expect(within(badges).queryByText('Localised')).not.toBeInTheDocument();
  });

  test('names the short link as its short URL gives it, the address that is copied', async () => {
    renderCard(createdLink({ shortUrl: 'http://127.0.0.1:3001/salt-orchard' }));

    expect(
      await screen.findByRole('link', { name: '127.0.0.1:3001/salt-orchard' }),
    ).toHaveAttribute('href', 'http://127.0.0.1:3001/salt-orchard');
  });
});
