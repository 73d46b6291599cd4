import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { jsonReply } from '../../support/api-client';
import { render } from '../../support/render';
import { useLinkEditorForm } from '@/features/link-editor/link-editor-form';
import { VanityCodeField } from '@/features/link-editor/vanity-code-field';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

/** Short links served where `npm start` serves them, not at the production domain. */
const SHORT_LINK_ORIGIN = 'http://127.0.0.1:3001';

beforeEach(() => {
  fetchMock.mockImplementation((input) => {
    const url = new URL((input as Request).url);
    const code = url.searchParams.get('code') ?? '';
    return Promise.resolve(
      jsonReply(200, { isAvailable: true, shortUrl: `${SHORT_LINK_ORIGIN}/${code}` }),
    );
  });
});

function CodeField() {
  const form = useLinkEditorForm();
  return <VanityCodeField form={form} readOnly={false} onSubmitStep={() => {}} />;
}

test('shows the short-link origin the server gives, before any code and in the availability', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CodeField />
    </QueryClientProvider>,
  );

  expect(await screen.findByText('127.0.0.1:3001/')).toBeInTheDocument();
  expect(screen.queryByText(/shelf\.to/)).not.toBeInTheDocument();

  await userEvent.type(screen.getByRole('textbox', { name: /Custom ending/ }), 'salt-orchard');

  expect(
    await screen.findByText('127.0.0.1:3001/salt-orchard is available.', {}, { timeout: 3000 }),
  ).toBeInTheDocument();
});
