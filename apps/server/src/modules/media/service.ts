import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TConfig } from '../../config.ts';
import { resolveDataDir } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';

/** The multipart field the existing client sends the file in (existing-client-api §2.6). */
export const MEDIA_FIELD = 'mediaFileImage';
/** The largest file accepted, in bytes (a phone photo of a receipt, a scanned PDF). */
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;

/** The kinds of file accepted, recognised by their first bytes (never by name or declared type). */
const KINDS: { ext: string; type: string; magic: (b: Buffer) => boolean }[] = [
  { ext: 'png', type: 'image/png', magic: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { ext: 'jpg', type: 'image/jpeg', magic: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  { ext: 'gif', type: 'image/gif', magic: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    type: 'image/webp',
    magic: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { ext: 'pdf', type: 'application/pdf', magic: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/**
 * A multipart request body as its parser hands it on: the bytes behind a private field, so
 * the generic body walks (lib/input-guards.ts, which visits every entry of an object) see an
 * object with no entries instead of millions of bytes.
 */
export class MultipartBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** A stored file's name: a random UUID and the extension of its kind. */
export const BLOB_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|pdf)$/;

/**
 * Where uploads live: `uploads/` in the data directory (DATA_DIR), or in the system's temporary
 * folder when the data directory is in memory (tests, PostgreSQL set-ups that keep no data
 * directory). One folder per church (its tenant id).
 */
export function uploadsRoot(config: TConfig): string {
  const dir = resolveDataDir(config);
  return dir.startsWith('memory://') ? join(tmpdir(), 'steward-uploads') : join(dir, 'uploads');
}

/**
 * The file of a multipart body (the raw bytes and its Content-Type header), read with the
 * platform's own multipart parser (the Fetch API's FormData). Throws 400 naming
 * mediaFileImage when the body is not multipart, has no such file, or the file is empty,
 * larger than MAX_MEDIA_BYTES, or not a PNG, JPEG, GIF, WebP image or a PDF by its first bytes.
 */
export async function fileOf(body: unknown, contentType: string | undefined): Promise<{ bytes: Buffer; ext: string }> {
  if (!(body instanceof MultipartBody) || !contentType?.toLowerCase().startsWith('multipart/form-data'))
    throw badRequest(MEDIA_FIELD, 'send the file as multipart/form-data');
  let form: FormData;
  try {
    const request = new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: body.bytes,
    });
    form = await request.formData();
  } catch {
    throw badRequest(MEDIA_FIELD, 'the multipart body could not be read');
  }
  const file = form.get(MEDIA_FIELD);
  if (!file || typeof file === 'string') throw badRequest(MEDIA_FIELD, 'is required: choose a file');
  if (file.size === 0) throw badRequest(MEDIA_FIELD, 'is empty');
  if (file.size > MAX_MEDIA_BYTES) throw badRequest(MEDIA_FIELD, 'is larger than 5 MB');
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = KINDS.find((k) => k.magic(bytes));
  if (!kind) throw badRequest(MEDIA_FIELD, 'must be a PNG, JPEG, GIF or WebP image, or a PDF');
  return { bytes, ext: kind.ext };
}

/**
 * POST /api/Media/UploadImageAndPicture (existing-client-api §2.6, the transaction page's
 * attachment): stores the file under a random name in the church's upload folder and answers
 * `{pictureUrl, imageBlobName}`, the URL the file is served at (`baseUrl` + its path) and its
 * name. Throws as fileOf.
 */
export async function storeUpload(
  config: TConfig,
  tenantId: string,
  file: { bytes: Buffer; ext: string },
  baseUrl: string,
): Promise<{ pictureUrl: string; imageBlobName: string }> {
  const name = `${randomUUID()}.${file.ext}`;
  const dir = join(uploadsRoot(config), tenantId);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), file.bytes, { flag: 'wx' });
  return { pictureUrl: `${baseUrl}/api/Media/File/${tenantId}/${name}`, imageBlobName: name };
}

/**
 * A stored upload's bytes and content type, or null when `tenantId`/`name` name none (names
 * are checked against BLOB_NAME first, so no path leaves the upload folder).
 */
export async function readUpload(
  config: TConfig,
  tenantId: string,
  name: string,
): Promise<{ bytes: Buffer; type: string } | null> {
  const lower = name.toLowerCase();
  if (!/^[0-9a-f-]{36}$/.test(tenantId.toLowerCase()) || !BLOB_NAME.test(lower)) return null;
  const ext = lower.split('.').pop()!;
  try {
    const bytes = await readFile(join(uploadsRoot(config), tenantId.toLowerCase(), lower));
    return { bytes, type: KINDS.find((k) => k.ext === ext)!.type };
  } catch {
    return null;
  }
}
