// How the editor's first step looks, shared by the editor and by the stand-in shown while it loads
// (link-editor-stand-in.tsx): the two must be the same size, or the page below would shift.

/** The editor's frame, a section; its shadow deepens while the editor is open. */
export const editorFrameProps = {
  withBorder: true,
  radius: 'lg',
  p: { base: 'md', sm: 'xl' },
} as const;

export const editorTitleProps = { order: 2, fz: { base: 22, sm: 26 } } as const;

export const destinationFieldLook = {
  label: 'Book link or ISBN',
  description:
    "Paste your book's page at any store (Apple Books, Amazon, Bookshop.org, Kobo…) or type its ISBN.",
  placeholder: 'https://books.apple.com/… or 978-1-66801-234-5',
  size: 'md',
  required: true,
} as const;

/** A size "md" input's height, as Mantine's input styles set it. */
export const INPUT_HEIGHT_MD = 'calc(2.625rem * var(--mantine-scale))';
