import * as v from 'valibot';
import type { components } from '@/api/schema';

export type ProgramDetails = components['schemas']['AffiliateProgram'];
export type ProgramParameter = components['schemas']['AffiliateProgramParameter'];
export type ParameterValues = Record<string, string>;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name, from its two-letter code. */
export function countryName(code: string): string {
  return countryNames.of(code) ?? code;
}

/** A country's flag, drawn from its two-letter code's regional indicator letters. */
export function countryFlag(code: string): string {
  const letters = code.toUpperCase().split('');
  return String.fromCodePoint(...letters.map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/**
 * A program's parameters as the settings show them: those that tag every store together, then
 * one group per marketplace (Amazon's amazon.com, amazon.co.uk…), each named by its country.
 */
export interface ParameterGroup {
  /** The marketplace's country; null for the program's every-store parameters. */
  country: string | null;
  host: string | null;
  parameters: ProgramParameter[];
}

export function parameterGroups(program: ProgramDetails): ParameterGroup[] {
  const groups: ParameterGroup[] = [];
  for (const parameter of program.parameters) {
    const country = parameter.marketplace?.country ?? null;
    let group = groups.find((candidate) => candidate.country === country);
    if (!group) {
      group = { country, host: parameter.marketplace?.host ?? null, parameters: [] };
      groups.push(group);
    }
    group.parameters.push(parameter);
  }
  return groups;
}

/** The message for a default-region identifier removed while no other region has one. */
export function identifierNeededMessage(parameter: ProgramParameter): string {
  return parameter.marketplace
    ? `Add your ${parameter.label}, or another marketplace's, so your links are tagged somewhere.`
    : `Enter your ${parameter.label}.`;
}

/** One value as typed: empty is allowed (it removes the value); anything else must have the parameter's format. */
function parameterValueSchema(parameter: ProgramParameter) {
  const pattern = new RegExp(parameter.pattern);
  return v.config(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(
        parameter.maxLength,
        `This can be at most ${parameter.maxLength} characters long.`,
      ),
      v.check((value) => value === '' || pattern.test(value), parameter.formatMessage),
    ),
    { abortPipeEarly: true },
  );
}

/**
 * Checks a program's values together: each against its own format, and the default region's
 * identifier present unless another region's identifier is (a token must tag somewhere).
 */
export function programValuesSchema(program: ProgramDetails) {
  const entries: Record<string, ReturnType<typeof parameterValueSchema>> = {};
  for (const parameter of program.parameters)
    entries[parameter.name] = parameterValueSchema(parameter);
  const identifiers = program.parameters.filter(
    (parameter) => parameter.required || parameter.marketplace !== null,
  );
  const required = program.parameters.find((parameter) => parameter.required);
  return v.pipe(
    v.object(entries),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || !required) return;
      const values = dataset.value;
      const tagsSomewhere = identifiers.some((parameter) => values[parameter.name] !== '');
      if (tagsSomewhere) return;
      addIssue({
        message: identifierNeededMessage(required),
        path: [
          {
            type: 'object',
            origin: 'value',
            input: values,
            key: required.name,
            value: values[required.name],
          },
        ],
      });
    }),
  );
}

/** Every parameter of the program with its saved value, or empty. */
export function initialValues(
  program: ProgramDetails,
  saved: Readonly<ParameterValues> = {},
): ParameterValues {
  const values: ParameterValues = {};
  for (const parameter of program.parameters) values[parameter.name] = saved[parameter.name] ?? '';
  return values;
}

/**
 * What a save sends: only the values that changed, `""` for one cleared. The server merges them
 * into the saved token, so a value the author did not touch can never be lost.
 */
export function changedValues(
  saved: Readonly<ParameterValues>,
  values: Readonly<ParameterValues>,
): ParameterValues {
  const changes: ParameterValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== (saved[name] ?? '')) changes[name] = value;
  }
  return changes;
}
