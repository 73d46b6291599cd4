import { describe, expect, test } from 'vitest';

import { ENTER_KEY_CODE, isEnterKey } from '@/lib/keyboard';

describe('isEnterKey', () => {
  test('the Enter key code is 13', () => {
    expect(ENTER_KEY_CODE).toBe(13);
  });

  test.each([
    [{ keyCode: 13 }, true],
    [{ which: 13 }, true],
    [{ keyCode: 0, which: 13 }, true],
    [{ keyCode: 13, which: 13 }, true],
    [{ keyCode: 32 }, false],
    [{ keyCode: 9, which: 9 }, false],
    [{ which: 27 }, false],
    [{}, false],
  ])('%o → %s', (event, expected) => {
    expect(isEnterKey(event)).toBe(expected);
  });

  test('recognises a real keydown event for Enter', () => {
    const event = new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13 });
    expect(isEnterKey(event)).toBe(true);
  });

  test('refuses a real keydown event for another key', () => {
    const event = new KeyboardEvent('keydown', { key: 'a', keyCode: 65 });
    expect(isEnterKey(event)).toBe(false);
  });
});
