import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEVICE_MAKER_PROGRAM_GUID, UNSUPPORTED_PROGRAM_GUID } from '@/lib/affiliate-programs';
import {
  addressProgramParametersWarning,
  claimLinkSchema,
  DESTINATION_REQUIRED_MESSAGE,
  destinationSchema,
  emptyLinkEditorValues,
  isAppleBooksUrl,
  ISBN_LENGTH_MESSAGE,
  linkEditorSchema,
  looksLikeIsbn,
  MAX_PARAMETERS,
  parametersSchema,
  parseDestination,
  programSettingParameter,
  toCreateLinkRequest,
  toParameterKeyValues,
  toSignupRequest,
  type ParameterRow,
  vanityCodeFormatError,
} from '@/features/link-editor/link-editor-schemas';

const AMAZON = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';

function issuesByPath(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

function row(key: string, value: string, id = `${key}-${value}`): ParameterRow {
  return { id, key, value };
}

describe('looksLikeIsbn', () => {
  it('accepts 10 or 13 digits, or 9 digits and an X, once hyphens and spaces are gone', () => {
    expect(looksLikeIsbn('978-1-66801-234-5')).toBe(true);
    expect(looksLikeIsbn('9781668012345')).toBe(true);
    expect(looksLikeIsbn('0 306 40615 2')).toBe(true);
    expect(looksLikeIsbn('080442957x')).toBe(true);
    expect(looksLikeIsbn('1234567890123')).toBe(true);
  });

  it('leaves everything else to the web address rules', () => {
    expect(looksLikeIsbn('12345')).toBe(false);
    expect(looksLikeIsbn('books.apple.com/x')).toBe(false);
    expect(looksLikeIsbn('97816680123456')).toBe(false);
    expect(looksLikeIsbn('X123456789')).toBe(false);
  });
});

describe('parseDestination', () => {
  it('is empty for blank text', () => {
    expect(parseDestination('   ')).toEqual({ kind: 'empty' });
  });

  it('reads an ISBN without its hyphens', () => {
    expect(parseDestination('978-1-66801-234-5')).toEqual({
      kind: 'isbn',
      isbn: '9781668012345',
    });
  });

  it('refuses an ISBN-shaped number that is not an ISBN with the ISBN message', () => {
    const destination = parseDestination('123-4567890123');
    expect(destination.kind).toBe('invalid');
    expect(destination).toMatchObject({ message: expect.stringContaining('ISBN') as string });
  });

  it('tells a run of digits that is not 10 or 13 long that an ISBN has 10 or 13 digits', () => {
    expect(ISBN_LENGTH_MESSAGE).toMatch(/^An ISBN has 10 or 13 digits/);
    for (const typed of ['978-1-66801-234', '978 1 66801 23456', '12345', '12345678X', '1']) {
      expect(parseDestination(typed)).toEqual({ kind: 'invalid', message: ISBN_LENGTH_MESSAGE });
    }
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '5', '9'), minLength: 1, maxLength: 30 }),
        (digits) => {
          fc.pre(digits.length !== 10 && digits.length !== 13);
          expect(parseDestination(digits)).toEqual({
            kind: 'invalid',
            message: ISBN_LENGTH_MESSAGE,
          });
        },
      ),
    );
    // A 13-digit number is judged as an ISBN, and an address with digits as an address.
    expect(parseDestination('123-4567890123')).not.toEqual(
      expect.objectContaining({ message: ISBN_LENGTH_MESSAGE }),
    );
    expect(parseDestination('shelf2024.example/9781')).toMatchObject({ kind: 'url' });
  });

  it('adds https:// to a bare address', () => {
    expect(parseDestination('books.apple.com/us/book/id1623456789')).toEqual({
      kind: 'url',
      url: 'https://books.apple.com/us/book/id1623456789',
    });
  });

  it('reads an http or https address as the URL standard writes it', () => {
    expect(parseDestination('http://a.example/x')).toEqual({
      kind: 'url',
      url: 'http://a.example/x',
    });
    expect(parseDestination('HTTPS://Bücher.example/Mein Buch')).toEqual({
      kind: 'url',
      url: 'https://xn--bcher-kva.example/Mein%20Buch',
    });
  });

  it('refuses ftp, ftps, javascript:, data:, user names and hosts without a dot clearly', () => {
    for (const address of ['ftp://a.example/x', 'ftps://a.example/x', 'javascript:alert(1)']) {
      expect(parseDestination(address)).toEqual({
        kind: 'invalid',
        message: 'A link must lead to a web page: use an http:// or https:// address.',
      });
    }
    expect(parseDestination('data:text/html,hi')).toMatchObject({ kind: 'invalid' });
    expect(parseDestination('https://maya@books.example/x')).toEqual({
      kind: 'invalid',
      message: 'Remove the user name or password from the web address (the part before @).',
    });
    expect(parseDestination('localhost/book')).toEqual({
      kind: 'invalid',
      message: 'Enter a full web address with a domain, like example.com.',
    });
  });

  it('never accepts a script address, whatever its case or padding', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('javascript', 'JavaScript', 'data', 'vbscript'),
        fc.string(),
        fc.string({ unit: fc.constantFrom(' ', '\t') }),
        (scheme, rest, padding) => {
          expect(parseDestination(`${padding}${scheme}:${rest}`).kind).not.toBe('url');
        },
      ),
    );
  });
});

describe('destinationSchema', () => {
  it('asks for a destination when empty and passes an ISBN or an address', () => {
    expect(issuesByPath(destinationSchema, '')).toEqual({ '': DESTINATION_REQUIRED_MESSAGE });
    expect(v.is(destinationSchema, '978-1-66801-234-5')).toBe(true);
    expect(v.is(destinationSchema, 'shelf.example/book')).toBe(true);
    expect(issuesByPath(destinationSchema, 'javascript:alert(1)')).toEqual({
      '': 'A link must lead to a web page: use an http:// or https:// address.',
    });
  });
});

describe('parametersSchema', () => {
  it('accepts names of letters, digits, dots, hyphens and underscores, and blank rows', () => {
    expect(
      v.is(parametersSchema, [row('utm_campaign', 'autumn-tour'), row('ref.v-2', ''), row('', '')]),
    ).toBe(true);
  });

  it('puts each problem at the row field it concerns', () => {
    expect(
      issuesByPath(parametersSchema, [
        row('utm campaign', 'x'),
        row('', 'orphan'),
        row('a'.repeat(65), 'x'),
        row('ref', 'v'.repeat(257)),
      ]),
    ).toEqual({
      '0.key':
        'Use only letters, digits, dots (.), hyphens (-) and underscores (_) in a parameter name.',
      '1.key': 'Give this parameter a name, or remove the row.',
      '2.key': 'A parameter name can be at most 64 characters long.',
      '3.value': 'A parameter value can be at most 256 characters long.',
    });
  });

  it('flags a name used twice at the later row', () => {
    expect(issuesByPath(parametersSchema, [row('ref', 'a'), row(' ref ', 'b')])).toEqual({
      '1.key': 'This parameter name is already used above.',
    });
  });

  it.each(['tag', 'TAG', 'tag_GB', 'Tag_de', 'at', 'a_aid_GB', 'siteid'])(
    'refuses %s, which a program sets from Affiliate settings, saying where it belongs',
    (name) => {
      expect(issuesByPath(parametersSchema, [row(name, 'someone-else-20')])['0.key']).toMatch(
        /from your Affiliate settings\. Set its value there/,
      );
    },
  );

  it('finds the program of a region variant in the list the server gives', () => {
    const programs = [{ name: 'Apple Services', parameters: [{ name: 'at' }, { name: 'ct' }] }];
    expect(programSettingParameter('CT_gb', programs)).toEqual({ programName: 'Apple Services' });
    expect(programSettingParameter('utm_campaign', programs)).toBeUndefined();
  });

  it(`allows at most ${MAX_PARAMETERS} rows`, () => {
    const rows = Array.from({ length: MAX_PARAMETERS + 1 }, (_, index) => row(`p${index}`, 'x'));
    expect(v.is(parametersSchema, rows.slice(0, MAX_PARAMETERS))).toBe(true);
    expect(issuesByPath(parametersSchema, rows)).toEqual({
      '': `A link can carry at most ${MAX_PARAMETERS} extra parameters.`,
    });
  });
});

describe('linkEditorSchema', () => {
  it('accepts the empty customizing fields with a destination', () => {
    expect(v.is(linkEditorSchema, { ...emptyLinkEditorValues, url: 'shelf.example/b' })).toBe(true);
  });

  it('names the field of each problem the way the form does', () => {
    expect(
      issuesByPath(linkEditorSchema, {
        ...emptyLinkEditorValues,
        url: '',
        code: 'ab',
        parameters: [row('', 'x')],
      }),
    ).toEqual({
      url: DESTINATION_REQUIRED_MESSAGE,
      code: 'A custom link needs at least 3 characters, or leave it empty.',
      'parameters.0.key': 'Give this parameter a name, or remove the row.',
    });
  });
});

describe('toParameterKeyValues', () => {
  it('keeps named rows, trims names and leaves blank rows out', () => {
    expect(
      toParameterKeyValues([row(' utm_campaign ', 'autumn tour'), row('', ''), row('ref', '')]),
    ).toEqual({ utm_campaign: 'autumn tour', ref: '' });
  });
});

describe('toCreateLinkRequest', () => {
  const url = 'https://books.apple.com/us/book/id1623456789';

  it('sends the code only when one was chosen, with spaces removed', () => {
    expect(toCreateLinkRequest({ ...emptyLinkEditorValues, code: '  ' }, url, [])).toEqual({
      url,
      parameterKeyValues: {},
      programsOff: [],
      localise: true,
      allStores: false,
    });
    expect(
      toCreateLinkRequest({ ...emptyLinkEditorValues, code: 'salt orchard' }, url, []).code,
    ).toBe('saltorchard');
  });

  it('switches off only the saved programs the author unticked, never naming the programs on', () => {
    const saved = [AMAZON, DEVICE_MAKER_PROGRAM_GUID];
    const untouched = toCreateLinkRequest(emptyLinkEditorValues, url, saved);
    expect(untouched.programsOff).toEqual([]);
    expect(untouched).not.toHaveProperty('affiliatePrograms');
    expect(
      toCreateLinkRequest({ ...emptyLinkEditorValues, affiliatePrograms: [AMAZON] }, url, saved)
        .programsOff,
    ).toEqual([DEVICE_MAKER_PROGRAM_GUID]);
    expect(
      toCreateLinkRequest({ ...emptyLinkEditorValues, affiliatePrograms: [AMAZON] }, url, [])
        .programsOff,
    ).toEqual([]);
  });

  it('sends where readers go as the author chose', () => {
    expect(
      toCreateLinkRequest({ ...emptyLinkEditorValues, localise: false, allStores: true }, url, []),
    ).toMatchObject({ localise: false, allStores: true });
  });

  it('sends the extra parameters', () => {
    expect(
      toCreateLinkRequest(
        { ...emptyLinkEditorValues, parameters: [row('utm_campaign', 'autumn-tour')] },
        url,
        [],
      ).parameterKeyValues,
    ).toEqual({ utm_campaign: 'autumn-tour' });
  });
});

describe('claimLinkSchema', () => {
  it('needs an e-mail address and takes the Apple Services token only when it starts with 1', () => {
    expect(v.is(claimLinkSchema, { email: 'maya@example.com', appleServicesToken: '' })).toBe(true);
    expect(v.is(claimLinkSchema, { email: 'maya@example.com', appleServicesToken: '  ' })).toBe(
      true,
    );
    expect(
      v.is(claimLinkSchema, { email: 'maya@example.com', appleServicesToken: '1010lqW7' }),
    ).toBe(true);
    expect(
      issuesByPath(claimLinkSchema, { email: 'maya', appleServicesToken: '2010lqW7' }),
    ).toEqual({
      email: 'Enter an e-mail address like name@example.com.',
      appleServicesToken:
        'Apple Services tokens start with 1. Copy yours from the partner dashboard.',
    });
  });
});

describe('toSignupRequest', () => {
  const link = {
    url: 'https://books.apple.com/us/book/id1623456789',
    code: 'salt-orchard',
    claimKey: 'Jq3vX0b8kR2mT5wY7zA1cD4fG6hJ9lN0pQ2sU4vW6xY',
  };

  it("claims with the link's key, for the Unsupported program without a token", () => {
    expect(toSignupRequest({ email: ' maya@example.com ', appleServicesToken: ' ' }, link)).toEqual(
      {
        email: 'maya@example.com',
        url: link.url,
        code: 'salt-orchard',
        claimKey: link.claimKey,
        affiliateProgramGuid: UNSUPPORTED_PROGRAM_GUID,
        affiliateParameters: {},
      },
    );
  });

  it('adds `at` and the Apple Services program when a token is given', () => {
    expect(
      toSignupRequest({ email: 'maya@example.com', appleServicesToken: ' 1010lqW7 ' }, link),
    ).toMatchObject({
      affiliateProgramGuid: DEVICE_MAKER_PROGRAM_GUID,
      affiliateParameters: { at: '1010lqW7' },
    });
  });
});

describe('isAppleBooksUrl', () => {
  it('is true only for book pages on Apple Books', () => {
    expect(isAppleBooksUrl('https://books.apple.com/us/book/the-salt-orchard/id1623456789')).toBe(
      true,
    );
    expect(isAppleBooksUrl('https://itunes.apple.com/us/book/id1623456789')).toBe(true);
    expect(isAppleBooksUrl('https://www.amazon.com/dp/B0CX123456')).toBe(false);
    expect(isAppleBooksUrl('https://books.apple.com.example/us/book/id1')).toBe(false);
    expect(isAppleBooksUrl('https://itunes.apple.com/us/album/id1')).toBe(false);
    expect(isAppleBooksUrl('9781668012345')).toBe(false);
    expect(isAppleBooksUrl(undefined)).toBe(false);
  });
});

describe('vanityCodeFormatError', () => {
  it('names what is wrong with a code, and nothing for a good or empty one', () => {
    expect(vanityCodeFormatError('')).toBeUndefined();
    expect(vanityCodeFormatError('salt-orchard')).toBeUndefined();
    expect(vanityCodeFormatError('ab')).toBe(
      'A custom link needs at least 3 characters, or leave it empty.',
    );
    expect(vanityCodeFormatError('salt/orchard')).toBe(
      'Use only letters, digits, hyphens (-) and underscores (_) in a custom link.',
    );
    expect(vanityCodeFormatError('a'.repeat(23))).toBe(
      'A custom link can be at most 22 characters long.',
    );
  });
});

describe('the warning about program parameters written into the destination address', () => {
  it("tells that the address's tag is replaced by the author's saved token, and where to set it", () => {
    expect(
      addressProgramParametersWarning('https://www.amazon.com/dp/1668012340?tag=someone-20&psc=1'),
    ).toBe(
      "The address's tag is replaced at each click by your saved Amazon Associates token, or left out where you have none. Set it in Settings > Affiliate tokens.",
    );
  });

  it('names each parameter once, in any letter case, with every program it belongs to', () => {
    const programs = [
      { name: 'Apple Services', parameters: [{ name: 'at' }, { name: 'ct' }] },
      { name: 'Amazon Associates', parameters: [{ name: 'tag' }, { name: 'tag_GB' }] },
    ];
    expect(
      addressProgramParametersWarning(
        'https://books.apple.com/us/book/id1623456789?at=1000x&AT=1000y&ct=promo&tag_GB=a-21',
        programs,
      ),
    ).toBe(
      "The address's at, ct, and tag_GB are replaced at each click by your saved Apple Services and Amazon Associates tokens, or left out where you have none. Set them in Settings > Affiliate tokens.",
    );
  });

  it.each([
    'https://www.amazon.com/dp/1668012340?psc=1&utm_campaign=autumn',
    'https://www.amazon.com/dp/1668012340#tag=in-the-fragment-20',
    '978-1-66801-234-5',
    'www.amazon.com/dp/1668012340?tag=half-typed',
    '',
  ])('says nothing for %j, which carries no program parameter in a web address', (address) => {
    expect(addressProgramParametersWarning(address)).toBeUndefined();
  });
});
