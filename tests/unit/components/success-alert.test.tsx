import { screen } from '@testing-library/react';
import { IconMailCheck } from '@tabler/icons-react';
import { describe, expect, test } from 'vitest';
import { SuccessAlert } from '@/components/success-alert';
import { render } from '../support/render';

describe('SuccessAlert', () => {
  test('is a polite status with its title, its text and a check mark', () => {
    render(<SuccessAlert title="Saved">Your token is in place.</SuccessAlert>);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('SavedYour token is in place.');
    expect(status.querySelector('svg.tabler-icon-circle-check')).not.toBeNull();
  });

  test('shows the icon it is given instead of the check mark', () => {
    render(
      <SuccessAlert title="Check your inbox" icon={<IconMailCheck aria-hidden="true" />}>
        We sent you a link.
      </SuccessAlert>,
    );
    const status = screen.getByRole('status');
    expect(status.querySelector('svg.tabler-icon-mail-check')).not.toBeNull();
    expect(status.querySelector('svg.tabler-icon-circle-check')).toBeNull();
  });
});
