import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ClaimLinkForm } from '@/features/link-editor/claim-link-form';
import { render } from '../../support/render';

function renderClaimForm(url: string) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ClaimLinkForm
        link={{
          domain: 'shelf.to',
          code: 'salt-orchard',
          shortUrl: 'https://shelf.to/salt-orchard',
          url,
          claimKey: 'Jq3vX0b8kR2mT5wY7zA1cD4fG6hJ9lN0pQ2sU4vW6xY',
        }}
      />
    </QueryClientProvider>,
  );
}

describe('the claim form', () => {
  test('asks for an Apple Services token for an Apple Books link', () => {
    renderClaimForm('https://books.apple.com/us/book/the-salt-orchard/id1623456789');
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Apple Services token (at)' })).toBeInTheDocument();
  });

  test('does not mention the Apple token for a link to another store', () => {
    renderClaimForm('https://www.amazon.com/dp/B0CX123456');
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Apple Services token/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Apple/)).not.toBeInTheDocument();
  });
});
