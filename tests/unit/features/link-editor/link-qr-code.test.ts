import { describe, expect, it } from 'vitest';
import { qrCodeFileName } from '@/features/link-editor/link-qr-code';

describe('qrCodeFileName', () => {
  it('names the download after the code', () => {
    expect(qrCodeFileName('salt-orchard')).toBe('salt-orchard.png');
  });

  it('keeps only safe characters', () => {
    expect(qrCodeFileName('../etc/passwd')).toBe('---etc-passwd.png');
    expect(qrCodeFileName('')).toBe('shelflink.png');
  });
});
