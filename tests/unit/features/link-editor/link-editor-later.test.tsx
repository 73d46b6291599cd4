import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { createTestRootRoute, renderInRouter } from '../../support/router';
import { LinkEditorAfterFirstPaint } from '@/features/link-editor/link-editor-later';
import { DESTINATION_REQUIRED_MESSAGE } from '@/features/link-editor/link-editor-schemas';

function renderHome() {
  renderInRouter(
    createTestRootRoute({
      component: () => (
        <>
          <h1>Home</h1>
          <LinkEditorAfterFirstPaint />
        </>
      ),
    }),
  );
}

const EDITOR_LOAD_TIMEOUT = { timeout: 10_000 };

// One test: the editor's module is loaded once per test file, and the stand-in shows only before.
describe('the home page link editor', () => {
  test('a stand-in holds its place until it loads; a button pressed there is pressed again', async () => {
    renderHome();
    const standIn = await screen.findByRole('region', { name: 'Create a short link' });
    expect(standIn).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));

    const field = await screen.findByRole(
      'textbox',
      { name: /Book link or ISBN/ },
      EDITOR_LOAD_TIMEOUT,
    );
    expect(screen.getByRole('region', { name: 'Create a short link' })).not.toHaveAttribute(
      'aria-busy',
    );
    // Continue on an empty destination: the editor says what is needed, at the field.
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining(DESTINATION_REQUIRED_MESSAGE) as string,
      );
    });
    await waitFor(() => {
      expect(field).toHaveFocus();
    });
  }, 20_000);
});
