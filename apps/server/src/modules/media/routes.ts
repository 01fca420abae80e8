import { z } from 'zod';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { fileOf, MAX_MEDIA_BYTES, MEDIA_FIELD, MultipartBody, readUpload, storeUpload } from './service.ts';

const ZUploadAnswer = z.object({ pictureUrl: z.string(), imageBlobName: z.string() });

/**
 * Uploads (existing-client-api §2.6: the transaction page's attachment). The multipart body is
 * taken as raw bytes (within MAX_MEDIA_BYTES plus room for the form's headers) and read by
 * the service; registered in its own scope, so no other route accepts multipart bodies.
 */
export function registerMedia({ app, config }: ModuleCtx): void {
  const tags = ['media'];
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: MAX_MEDIA_BYTES + 64 * 1024 },
      (_req, body, done) => done(null, new MultipartBody(body as Buffer)),
    );
    scope.post(
      '/api/Media/UploadImageAndPicture',
      {
        bodyLimit: MAX_MEDIA_BYTES + 64 * 1024,
        schema: {
          tags,
          summary: `Stores an attachment sent as multipart/form-data in the field ${MEDIA_FIELD} (PNG, JPEG, GIF, WebP or PDF, at most 5 MB)`,
          response: { 200: ZUploadAnswer, 400: ZErrorEnvelope, 401: ZMessage },
        },
      },
      async (req) => {
        if (!req.auth) throw unauthorized();
        const file = await fileOf(req.body, req.headers['content-type']);
        return storeUpload(config, req.auth.tenantId, file, `${req.protocol}://${req.host}`);
      },
    );
  });
  app.get(
    '/api/Media/File/:tenantId/:name',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'An uploaded file, by the URL its upload answered (its random name is the key); 404 for none',
        params: z.object({ tenantId: z.string().max(64), name: z.string().max(80) }),
      },
    },
    async (req, reply) => {
      const found = await readUpload(config, req.params.tenantId, req.params.name);
      if (!found) throw notFound('File');
      return reply.type(found.type).header('content-disposition', 'inline').send(found.bytes);
    },
  );
}
