import { describe, expect, it } from 'vitest';
import { affiliateProgramName, offeredPrograms } from '@/features/link-editor/affiliate-programs';
import { DEVICE_MAKER_PROGRAM_GUID, UNSUPPORTED_PROGRAM_GUID } from '@/lib/affiliate-programs';

describe('affiliateProgramName', () => {
  it('names the four programs, whatever the GUID case', () => {
    expect(affiliateProgramName(DEVICE_MAKER_PROGRAM_GUID)).toBe('Apple Services');
    expect(affiliateProgramName('2B8E6F41-7C9D-4A3E-B5F2-8D1A6C3E9F07')).toBe('Amazon Associates');
    expect(affiliateProgramName('5e4a2c19-8f7b-4d6e-9c3a-1b2f7e8d6a54')).toBe('Bookshop.org');
    expect(affiliateProgramName('7a1d9e3b-4c6f-4b2a-8e5d-9f3c1a7b2e68')).toBe('Rakuten Kobo');
  });

  it('never names the Unsupported program', () => {
    expect(affiliateProgramName(UNSUPPORTED_PROGRAM_GUID)).toBeUndefined();
  });
});

describe('offeredPrograms', () => {
  it('offers each saved, known program once and never the Unsupported one', () => {
    expect(
      offeredPrograms([
        { programGuid: '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07' },
        { programGuid: UNSUPPORTED_PROGRAM_GUID },
        { programGuid: DEVICE_MAKER_PROGRAM_GUID.toUpperCase() },
        { programGuid: DEVICE_MAKER_PROGRAM_GUID },
        { programGuid: '11111111-1111-1111-1111-111111111111' },
      ]),
    ).toEqual(['2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07', DEVICE_MAKER_PROGRAM_GUID]);
  });
});
