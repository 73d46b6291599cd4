import { screen } from '@testing-library/react';
import { IconBook2 } from '@tabler/icons-react';
import { describe, expect, test } from 'vitest';
import { EmptyMessage } from '@/components/empty-message';
import { render } from '../support/render';

describe('EmptyMessage', () => {
  test('a heading at the level asked for, with its description and actions', () => {
    render(
      <EmptyMessage
        icon={IconBook2}
        title="No links yet"
        titleOrder={3}
        description="Your links will show up here."
        actions={<button type="button">Create your first link</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'No links yet' })).toBeInTheDocument();
    expect(screen.getByText('Your links will show up here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create your first link' })).toBeInTheDocument();
  });

  test('a title alone, as a level 2 heading, when there is nothing more to say', () => {
    render(<EmptyMessage icon={IconBook2} title="Nothing decided yet." />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Nothing decided yet.' });
    expect(heading.closest('.mantine-EmptyState-root')).toHaveTextContent(
      /^Nothing decided yet\.$/,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
