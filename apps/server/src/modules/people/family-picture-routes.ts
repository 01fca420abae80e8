import { ZProfilePictureAnswer } from '@steward/contracts/families';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { fileOf, MAX_MEDIA_BYTES, MEDIA_FIELD, MultipartBody, storeUpload } from '../media/service.ts';

/** The kinds of file a profile picture may be (what fileOf recognises, without PDF). */
const PICTURE_KINDS = new Set(['png', 'jpg', 'gif', 'webp']);

/**
 * POST /api/Media/UploadProfilePicture (existing-client-api §4.4: the check-in shell's profile and
 * member forms): a person's picture as multipart/form-data in `mediaFileImage`, stored as the media
 * module stores uploads; answers `{pictureUrl, imageBlobName}`. 400 naming mediaFileImage for a
 * missing, empty, over-5-MB file or one that is not a PNG, JPEG, GIF or WebP image by its first
 * bytes; 401 without a session. Registered in its own scope (multipart only here).
 */
export function registerFamilyPictures({ app, config }: ModuleCtx): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: MAX_MEDIA_BYTES + 64 * 1024 },
      (_req, body, done) => done(null, new MultipartBody(body as Buffer)),
    );
    scope.post(
      '/api/Media/UploadProfilePicture',
      {
        bodyLimit: MAX_MEDIA_BYTES + 64 * 1024,
        schema: {
          tags: ['families'],
          summary: `Stores a person's picture sent as multipart/form-data in ${MEDIA_FIELD} (PNG, JPEG, GIF or WebP, at most 5 MB)`,
          response: { 200: ZProfilePictureAnswer, 400: ZErrorEnvelope, 401: ZMessage },
        },
      },
      async (req) => {
        if (!req.auth) throw unauthorized();
        const file = await fileOf(req.body, req.headers['content-type']);
        if (!PICTURE_KINDS.has(file.ext)) throw badRequest(MEDIA_FIELD, 'must be a PNG, JPEG, GIF or WebP image');
        return storeUpload(config, req.auth.tenantId, file, `${req.protocol}://${req.host}`);
      },
    );
  });
}
