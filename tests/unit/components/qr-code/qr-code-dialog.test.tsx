import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { render } from '../../support/render';
import { QrCodeDialog } from '@/components/qr-code/qr-code-dialog';

const link = {
  shortUrl: 'https://shelf.to/salt-orchard',
  code: 'salt-orchard',
  label: 'shelf.to/salt-orchard',
  coverUrl: 'https://images.shelflink.app/covers/9781668012345.jpg',
};

function renderDialog() {
  render(<QrCodeDialog link={link} opened onClose={() => undefined} />);
  return {
    dialog: screen.getByRole('dialog', { name: 'QR code for shelf.to/salt-orchard' }),
    codeColour: screen.getByRole('textbox', { name: 'Code colour' }),
    background: screen.getByRole('textbox', { name: 'Background' }),
    downloads: [
      screen.getByRole('button', { name: 'Download PNG' }),
      screen.getByRole('button', { name: 'Download SVG' }),
    ],
  };
}

/** The code's modules in the SVG kept for the download: their path is drawn in the code colour. */
function svgCodeColour(dialog: HTMLElement) {
  const svg = [...dialog.querySelectorAll('svg')].find(
    (candidate) => candidate.querySelector('title')?.textContent === `QR code for ${link.shortUrl}`,
  );
  return svg?.querySelectorAll('path')[1]?.getAttribute('fill');
}

/** Replaces a field's text in one go, as a paste does: typing each key is slow in jsdom. */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

beforeEach(() => {
  // jsdom draws nothing; the canvas preview is checked in the browser.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('QrCodeDialog', { timeout: 20_000 }, () => {
  test('offers three sizes with their pixels, medium chosen', () => {
    renderDialog();
    expect(screen.getByRole('radio', { name: /^Small/ })).toHaveAccessibleDescription('256 px');
    expect(screen.getByRole('radio', { name: /^Medium/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Large/ })).toHaveAccessibleDescription('1024 px');
    expect(screen.getByText(/512 × 512 px · error correction medium/)).toBeInTheDocument();
  });

  test('draws the code in the chosen colour', async () => {
    const user = userEvent.setup();
    const { dialog, codeColour, downloads } = renderDialog();
    await enter(user, codeColour, '#1d3557');
    expect(svgCodeColour(dialog)).toBe('#1d3557');
    for (const button of downloads) expect(button).toBeEnabled();
  });

  test('refuses a pale code at its field, keeps what was typed and disables the downloads', async () => {
    const user = userEvent.setup();
    const { codeColour, downloads } = renderDialog();
    await enter(user, codeColour, '#aaaaaa');
    expect(codeColour).toHaveValue('#aaaaaa');
    expect(codeColour).toHaveAttribute('aria-invalid', 'true');
    expect(codeColour).toHaveAccessibleDescription(/Too little contrast \(2\.3:1\)/);
    for (const button of downloads) expect(button).toBeDisabled();

    await enter(user, codeColour, '#333333');
    expect(codeColour).not.toHaveAttribute('aria-invalid', 'true');
    for (const button of downloads) expect(button).toBeEnabled();
  });

  test('refuses a dark background under a lighter code at the background field', async () => {
    const user = userEvent.setup();
    const { codeColour, background, downloads } = renderDialog();
    await enter(user, codeColour, '#fdf6e3');
    await enter(user, background, '#000000');
    expect(background).toHaveAccessibleDescription(/darker than its background/);
    expect(codeColour).not.toHaveAttribute('aria-invalid', 'true');
    for (const button of downloads) expect(button).toBeDisabled();
  });

  test('says a colour that is not one is not, at its field', async () => {
    const user = userEvent.setup();
    const { background } = renderDialog();
    await enter(user, background, '#ffff');
    expect(background).toHaveValue('#ffff');
    expect(background).toHaveAccessibleDescription(/Enter a colour as #rrggbb/);
  });

  test('refuses a logo that is not an image, at the logo field', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Your logo' }));
    const downloadPng = screen.getByRole('button', { name: 'Download PNG' });
    expect(downloadPng).toBeDisabled();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    await user.upload(input, new File(['%PDF-1.7'], 'logo.pdf', { type: 'application/pdf' }));
    await waitFor(() => {
      expect(screen.getByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();
    });
    expect(downloadPng).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Nothing' }));
    expect(downloadPng).toBeEnabled();
  });
});
