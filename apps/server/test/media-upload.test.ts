import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupChurch, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';

/**
 * POST /api/Media/UploadImageAndPicture (existing-client-api §2.6: the transaction page's
 * attachment, multipart field `mediaFileImage` → `pictureUrl, imageBlobName`), and the file
 * served back at pictureUrl.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const UPLOAD = '/api/Media/UploadImageAndPicture';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A multipart body as the browser's FormData sends it. */
async function multipart(fields: Record<string, Blob | string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v, ...(typeof v === 'string' ? [] : ['receipt']));
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! };
}

async function upload(token: string | null, fields: Record<string, Blob | string>) {
  const { body, type } = await multipart(fields);
  return h.app.inject({
    method: 'POST',
    url: UPLOAD,
    payload: body,
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

describe('POST /api/Media/UploadImageAndPicture', () => {
  it('stores an image or a PDF and answers pictureUrl and imageBlobName; the file is served at pictureUrl', async () => {
    const c = await signupChurch(h.app);
    for (const [bytes, type, ext] of [
      [PNG, 'image/png', 'png'],
      [PDF, 'application/pdf', 'pdf'],
    ] as const) {
      const res = await upload(c.token, { mediaFileImage: new Blob([bytes], { type }) });
      expect(res.statusCode, res.body).toBe(200);
      const { pictureUrl, imageBlobName } = res.json() as { pictureUrl: string; imageBlobName: string };
      expect(imageBlobName).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
      expect(pictureUrl).toMatch(new RegExp(`^https?://[^/]+/api/Media/File/${c.tenantId}/${imageBlobName}$`));
      const served = await h.app.inject({ method: 'GET', url: new URL(pictureUrl).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a missing, empty, too large or unknown file with 400 naming mediaFileImage', async () => {
    const c = await signupChurch(h.app);
    expectBadRequest(await upload(c.token, { other: new Blob([PNG]) }), 'mediaFileImage');
    expectBadRequest(await upload(c.token, { mediaFileImage: 'not a file' }), 'mediaFileImage');
    expectBadRequest(await upload(c.token, { mediaFileImage: new Blob([]) }), 'mediaFileImage');
    // named and typed as an image, but its bytes are a script
    const fake = new Blob(['<script>alert(1)</script>'], { type: 'image/png' });
    expectBadRequest(await upload(c.token, { mediaFileImage: fake }), 'mediaFileImage');
    const big = new Blob([PNG, Buffer.alloc(5 * 1024 * 1024)], { type: 'image/png' });
    const res = await upload(c.token, { mediaFileImage: big });
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().status).toBe(false);
    const json = await h.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: { mediaFileImage: 'x' },
      headers: { authorization: `Bearer ${c.token}` },
    });
    expectBadRequest(json, 'mediaFileImage');
  });

  it('answers 401 without a session and 404 for a name that was never stored', async () => {
    expect((await upload(null, { mediaFileImage: new Blob([PNG]) })).statusCode).toBe(401);
    const c = await signupChurch(h.app);
    const missing = await h.app.inject({
      method: 'GET',
      url: `/api/Media/File/${c.tenantId}/00000000-0000-4000-8000-000000000000.png`,
    });
    expect(missing.statusCode).toBe(404);
    const escape = await h.app.inject({ method: 'GET', url: `/api/Media/File/${c.tenantId}/..%2F..%2Fetc%2Fpasswd` });
    expect(escape.statusCode).toBe(404);
  });
});
