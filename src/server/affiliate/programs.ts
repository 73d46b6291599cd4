import type { components } from '../../api/schema';
import type { FieldError } from '../http/api-problem';

type AffiliateParameters = components['schemas']['AffiliateParameters'];

/** The programs a token can be saved for, by GUID (lower-cased), with the parameter each needs. */
const programs = new Map([
  ['9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10', { name: 'Apple Services', parameter: 'at' }],
  ['2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07', { name: 'Amazon Associates', parameter: 'tag' }],
  ['5e4a2c19-8f7b-4d6e-9c3a-1b2f7e8d6a54', { name: 'Bookshop.org', parameter: 'a_aid' }],
  ['7a1d9e3b-4c6f-4b2a-8e5d-9f3c1a7b2e68', { name: 'Rakuten Kobo', parameter: 'siteId' }],
]);

/**
 * What is wrong with a token for the program: an unknown program, or parameters without the one
 * the program identifies its affiliates by. The contract's schema has already checked `at`.
 */
export function tokenFieldErrors(
  programGuid: string,
  parameters: AffiliateParameters,
): FieldError[] {
  const program = programs.get(programGuid.toLowerCase());
  if (!program) {
    return [
      {
        fieldName: 'ProgramGuid',
        errorCode: 'UnknownProgram',
        message: 'There is no affiliate program with this id.',
      },
    ];
  }
  if (parameters[program.parameter]?.trim()) return [];
  return [
    {
      fieldName: `Parameters.${program.parameter}`,
      errorCode: 'Required',
      message: `${program.name} needs your \`${program.parameter}\` value.`,
    },
  ];
}
