import { parseArgs } from 'node:util';
import { afterEach, expect, test, vi } from 'vitest';
import { readCommandLine } from '../../../scripts/support/command-line';

const usage = 'Usage: npm run example -- [--only <section>]';

function read(args: string[]) {
  return readCommandLine(usage, () =>
    parseArgs({ args, options: { only: { type: 'string' }, help: { type: 'boolean' } } }),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

test('gives the options read', () => {
  const commandLine = read(['--only', 'web']);

  expect(typeof commandLine === 'number' ? commandLine : commandLine.values).toEqual({
    only: 'web',
  });
});

test('prints the usage and stops with 0 for --help', () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);

  expect(read(['--help'])).toBe(0);
  expect(log).toHaveBeenCalledExactlyOnceWith(usage);
});

test('stops with 2 and says why, with the usage, for an unknown option', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

  expect(read(['--everything'])).toBe(2);
  expect(error).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/--everything[^]*Usage:/));
});
