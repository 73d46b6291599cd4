import { expect, test } from 'vitest';
import { ExpiringCache } from '../../src/server/products/expiring-cache';
import { TestClock } from './support/test-app';

test('a full cache drops the entry read least recently', () => {
  const cache = new ExpiringCache<string>(2, new TestClock());
  cache.set('salt', 'The Salt Orchard', 60_000);
  cache.set('winter', 'The Winter Orchard', 60_000);
  cache.get('salt');

  cache.set('almanac', "The Orchard Keeper's Almanac", 60_000);

  expect(cache.get('winter')).toBeUndefined();
  expect(cache.get('salt')?.value).toBe('The Salt Orchard');
  expect(cache.get('almanac')?.value).toBe("The Orchard Keeper's Almanac");
});

test('an entry expires after its time to live, and a cached null is a hit', () => {
  const clock = new TestClock();
  const cache = new ExpiringCache<string | null>(10, clock);
  cache.set('unknown', null, 60_000);

  clock.advance(59_999);
  expect(cache.get('unknown')).toHaveProperty('value', null);

  clock.advance(1);
  expect(cache.get('unknown')).toBeUndefined();
});
