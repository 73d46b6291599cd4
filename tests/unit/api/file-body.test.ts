import { describe, expect, test, vi } from 'vitest';

import { createApiClient } from '@/api/client';
import { fileBody } from '@/api/file-body';

function setUp() {
  const fetch = vi.fn<typeof globalThis.fetch>(() =>
    Promise.resolve(
      new Response(JSON.stringify({ id: 'img_1' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  const hooks = { getImpersonateAs: () => '', onUnauthenticated() {}, reportError() {} };
  const client = createApiClient({ baseUrl: 'http://api.test', hooks, fetch });
  const sentRequest = () => {
    const request = fetch.mock.calls[0]?.[0];
    if (!(request instanceof Request)) throw new Error('fetch got no Request');
    return request;
  };
  return { client, sentRequest };
}

describe('a file sent as the body', () => {
  test('goes as its own bytes with its own type, beside the query', async () => {
    const { client, sentRequest } = setUp();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const file = new File([bytes], 'cover.png', { type: 'image/png' });

    const { data } = await client.POST('/v2/images/uploads', {
      params: { query: { alt: 'Box set' } },
      ...fileBody(file),
    });

    expect(data).toEqual({ id: 'img_1' });
    const request = sentRequest();
    expect(request.url).toBe('http://api.test/v2/images/uploads?alt=Box%20set');
    expect(request.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await request.arrayBuffer())).toEqual(bytes);
  });

  test('of no known type goes as bytes, which the server refuses as another type', async () => {
    const { client, sentRequest } = setUp();

    await client.POST('/v2/images/uploads', { ...fileBody(new Blob(['not an image'])) });

    expect(sentRequest().headers.get('content-type')).toBe('application/octet-stream');
    expect(await sentRequest().text()).toBe('not an image');
  });
});
