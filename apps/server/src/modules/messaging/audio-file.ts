import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_VOICE_BYTES, VOICE_FIELD } from '@steward/contracts/default-messages';
import type { TConfig } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import { uploadsRoot } from '../media/service.ts';

/*
 * The recording of a Voice default message (giving spec 2.17, §5 'audio/* only'): recognised by
 * its content with file-type (never by its name or declared type), stored beside the media
 * module's uploads (uploads/<tenantId>/<uuid>.<ext>) and served by default-messages-routes.ts.
 */

/** The audio kinds accepted, by file-type's extension, with the content type they are served as. */
const AUDIO_KINDS: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  // a phone's recording in an MP4 container is often branded like a video ('isom')
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  // what browsers record (MediaRecorder)
  webm: 'audio/webm',
  flac: 'audio/flac',
};

/** A stored recording's name: a random UUID and the extension of its kind. */
const VOICE_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.keys(AUDIO_KINDS).join('|')})$`,
);

/** An audio file, recognised: its bytes, the extension it is stored under and its content type. */
export interface AudioFile {
  bytes: Buffer;
  ext: string;
  type: string;
}

/**
 * The audio kind of `bytes` by their first bytes (file-type), or null when they are not one of
 * AUDIO_KINDS (an image renamed .mp3, a text, a video in another container, unknown bytes).
 */
export async function audioKindOf(bytes: Uint8Array): Promise<{ ext: string; type: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  const type = found ? AUDIO_KINDS[found.ext] : undefined;
  return found && type ? { ext: found.ext, type } : null;
}

/**
 * The voice file of a form, checked: throws 400 naming voiceFile when it is empty, larger than
 * MAX_VOICE_BYTES (10 MB) or not audio by its content (see audioKindOf).
 */
export async function readAudio(file: Blob): Promise<AudioFile> {
  if (file.size === 0) throw badRequest(VOICE_FIELD, 'is empty: choose an audio file');
  if (file.size > MAX_VOICE_BYTES) throw badRequest(VOICE_FIELD, 'is larger than 10 MB');
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = await audioKindOf(bytes);
  if (!kind) throw badRequest(VOICE_FIELD, 'must be an audio file (MP3, WAV, OGG, M4A, AAC, AMR, WebM or FLAC)');
  return { bytes, ...kind };
}

/** Stores `audio` in the church's upload folder under a new random name; answers the name. */
export async function storeAudio(config: TConfig, tenantId: string, audio: AudioFile): Promise<string> {
  const name = `${randomUUID()}.${audio.ext}`;
  const dir = join(uploadsRoot(config), tenantId);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), audio.bytes, { flag: 'wx' });
  return name;
}

/**
 * A stored recording's bytes and content type, or null when `tenantId`/`name` name none (both
 * are checked against their patterns first, so no path leaves the upload folder).
 */
export async function readStoredAudio(
  config: TConfig,
  tenantId: string,
  name: string,
): Promise<{ bytes: Buffer; type: string } | null> {
  const lower = name.toLowerCase();
  if (!/^[0-9a-f-]{36}$/.test(tenantId.toLowerCase()) || !VOICE_NAME.test(lower)) return null;
  try {
    const bytes = await readFile(join(uploadsRoot(config), tenantId.toLowerCase(), lower));
    return { bytes, type: AUDIO_KINDS[lower.split('.').pop()!]! };
  } catch {
    return null;
  }
}

/** Removes a stored recording (a replaced or deleted message's); a missing file is no error. */
export async function removeStoredAudio(config: TConfig, tenantId: string, name: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(tenantId.toLowerCase()) || !VOICE_NAME.test(name.toLowerCase())) return;
  await rm(join(uploadsRoot(config), tenantId.toLowerCase(), name.toLowerCase()), { force: true });
}
