import type { Middleware } from 'openapi-fetch';

/** A named state of the mock: which `Prefer` header Prism gets for which calls. */
export interface MockScenario {
  id: string;
  label: string;
  rules: { method?: string; path: RegExp; prefer: string }[];
}

const authPaths = /^\/auth(\/session)?$/;

export const mockScenarios: MockScenario[] = [
  { id: 'author', label: 'Signed-in author (default)', rules: [] },
  {
    id: 'administrator',
    label: 'Administrator',
    rules: [{ path: authPaths, prefer: 'example=administrator' }],
  },
  {
    id: 'signed-out',
    label: 'Signed out',
    rules: [{ path: authPaths, prefer: 'example=signedOut' }],
  },
  {
    id: 'new-author',
    label: 'Author with no links yet',
    rules: [
      { path: /^\/v1\/links\/list$/, prefer: 'example=empty' },
      { path: /^\/v1\/links\/count$/, prefer: 'example=none' },
      { path: /^\/v2\/collections\/list$/, prefer: 'example=empty' },
    ],
  },
  {
    id: 'taken-code',
    label: 'Every vanity code taken',
    rules: [
      { path: /^\/v1\/vanity-codes\/availability$/, prefer: 'example=taken' },
      {
        method: 'POST',
        path: /^\/v1\/links(\/unclaimed)?$/,
        prefer: 'code=409, example=vanityCodeTaken',
      },
    ],
  },
  {
    id: 'field-errors',
    label: 'Saving a link fails with field errors',
    rules: [
      {
        method: 'POST',
        path: /^\/v1\/links(\/unclaimed)?$/,
        prefer: 'code=400, example=fieldErrors',
      },
    ],
  },
  {
    id: 'failed-sign-in',
    label: 'Sign-in link expired',
    rules: [{ path: /^\/v1\/login$/, prefer: 'example=tokenExpired' }],
  },
  {
    id: 'session-expired',
    label: 'Session expires on the next call',
    rules: [{ path: /^\/v[12]\//, prefer: 'code=401, example=unauthenticated' }],
  },
  {
    id: 'server-error',
    label: 'Server errors on every call',
    rules: [{ path: /^\/v[12]\//, prefer: 'code=500, example=serverError' }],
  },
];

const SCENARIO_KEY = 'shelflink.dev.mockScenario';

export function activeScenario(): MockScenario {
  const fromQuery = new URLSearchParams(window.location.search).get('mock');
  if (fromQuery) window.sessionStorage.setItem(SCENARIO_KEY, fromQuery);
  const id = fromQuery ?? window.sessionStorage.getItem(SCENARIO_KEY);
  return mockScenarios.find((scenario) => scenario.id === id) ?? (mockScenarios[0] as MockScenario);
}

export function chooseScenario(id: string): void {
  window.sessionStorage.setItem(SCENARIO_KEY, id);
  window.location.reload();
}

/** Development only: sends Prism the `Prefer` header of the chosen scenario. */
export const mockScenarioMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    const rule = activeScenario().rules.find(
      ({ method, path }) => (!method || method === request.method) && path.test(schemaPath),
    );
    if (rule) request.headers.set('Prefer', rule.prefer);
    return request;
  },
};
