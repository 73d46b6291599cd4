import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { LinkCard } from '@/features/links/link-card';
import { createdLink } from '../../support/api-client';
import { createTestRootRoute, renderInRouter } from '../../support/router';

function renderCard(link: ReturnType<typeof createdLink>) {
  const component = () => (
    <ul>
      <LinkCard
        link={link}
        recentClicks={[]}
        onChangeDestination={() => {}}
        onAddToCollection={() => {}}
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
});
