/** The QR code's size on screen, in px: the code and the placeholder it replaces. */
export const QR_CODE_DISPLAY_SIZE = 168;
