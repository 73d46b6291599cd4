// A 978 ISBN-13 and its ISBN-10 name the same book with different check digits; 979 ISBNs have
// no ISBN-10.

const isbnPattern = /^(97[89]\d{10}|\d{9}[\dX])$/;

/** An ISBN as the contract writes it (no hyphens or spaces, upper-case X), if it is one. */
export function normaliseIsbn(text: string): string | undefined {
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  return isbnPattern.test(compact) ? compact : undefined;
}

function digitSum(digits: string, weight: (index: number) => number): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) sum += Number(digits[index]) * weight(index);
  return sum;
}

export function toIsbn13(isbn: string): string {
  if (isbn.length === 13) return isbn;
  const body = `978${isbn.slice(0, 9)}`;
  const check = (10 - (digitSum(body, (index) => (index % 2 === 0 ? 1 : 3)) % 10)) % 10;
  return `${body}${check}`;
}

export function toIsbn10(isbn: string): string | undefined {
  if (isbn.length === 10) return isbn;
  if (!isbn.startsWith('978')) return undefined;
  const body = isbn.slice(3, 12);
  const check = (11 - (digitSum(body, (index) => 10 - index) % 11)) % 11;
  return `${body}${check === 10 ? 'X' : check}`;
}
