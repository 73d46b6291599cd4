export const ENTER_KEY_CODE = 13;

/**
 * True for the Enter key, detected by key code. Some browsers report the code only in `which`
 * (e.g. on keypress), so either property counts.
 */
export function isEnterKey(event: { keyCode?: number; which?: number }): boolean {
  return event.keyCode === ENTER_KEY_CODE || event.which === ENTER_KEY_CODE;
}
