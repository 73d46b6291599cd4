import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { Sparkline } from '@/components/sparkline';
import { render } from '../support/render';

test('is an image named by its clicks, with the line drawn from the days', () => {
  const days = Array.from({ length: 30 }, (_, day) => (day % 3 === 0 ? 2 : 0));
  const { container } = render(<Sparkline values={days} width={90} height={20} />);
  const image = screen.getByRole('img', { name: '20 clicks in the last 30 days' });
  expect(image).toHaveAttribute('viewBox', '0 0 90 20');
  expect(container.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(30);
});

test('draws a flat line when there are no days to show', () => {
  const { container } = render(<Sparkline values={[]} />);
  expect(screen.getByRole('img', { name: '0 clicks in the last 30 days' })).toBeInTheDocument();
  const ys = container
    .querySelector('polyline')
    ?.getAttribute('points')
    ?.split(' ')
    .map((point) => point.split(',')[1]);
  expect(new Set(ys).size).toBe(1);
});
