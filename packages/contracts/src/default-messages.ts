import { z } from 'zod';
import { ZId } from './common.ts';

/*
 * Default messages (finance spec 2.9, §3 'Message template types' and 'Default message';
 * giving spec 2.17, §4, §5, §8; existing-client-api §2.8 and §6.1). Create and update are
 * multipart/form-data, as the existing client sends them: every value arrives as text ("0",
 * "null"), the voice file as a file part. The same fields are accepted as JSON (no file then).
 */

/** Spec §3 membership categories by index 0-6, named as the existing client's list shows them (§2.8). */
export const MESSAGE_CATEGORIES = [
  'Birthday',
  'Wedding Anniversary',
  'First Timer Welcome',
  'New Convert Welcome',
  'Default Welcome',
  'Membership Information Update',
  'Meeting Absentee',
] as const;

/** Spec §3 channel types by index: Sms 0, Email 1, Voice 2. */
export const MESSAGE_TYPES = ['Sms', 'Email', 'Voice'] as const;
export const MESSAGE_TYPE = { sms: 0, email: 1, voice: 2 } as const;

/** The largest subject (an e-mail subject line; for SMS a sender ID of 3-11 characters). */
export const MAX_SUBJECT_CHARS = 200;
/** The largest message text. */
export const MAX_MESSAGE_CHARS = 10_000;
/** The largest voice recording accepted, in bytes (a few minutes of MP3). */
export const MAX_VOICE_BYTES = 10 * 1024 * 1024;

/** The multipart field of the voice recording (existing-client-api §6.1). */
export const VOICE_FIELD = 'voiceFile';

/** Texts of the pages (giving spec §8, finance spec §8; misspellings corrected, DESIGN.md). */
export const DEFAULT_MESSAGE_TEXTS = {
  created: 'Default Message Created successfully',
  updated: 'Default Message Updated successfully',
  failed: 'Failed',
  fillAllFields: 'Kindly fill in all fields before saving',
  deleted: 'Message Deleted Successfully',
  empty: "You haven't added any default message yet",
} as const;

/** The name of category `i` ('Birthday'), or '' for an index outside 0-6. */
export const categoryName = (i: number): string => MESSAGE_CATEGORIES[i] ?? '';
/** The name of type `i` ('Sms', 'Email', 'Voice'), or '' for an index outside 0-2. */
export const messageTypeName = (i: number): string => MESSAGE_TYPES[i] ?? '';

/**
 * A whole number in 0..max sent as a number or as form text ("3"); "", "null" and anything
 * else are refused with `message`.
 */
const formIndex = (max: number, message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/** Form text: absent, null, "null" and "undefined" (FormData's stringified nothing) are ''; trimmed. */
const formText = (max: number, what: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v === 'null' || v === 'undefined' ? '' : v.trim()))
    .pipe(z.string().max(max, `Use at most ${max} characters for the ${what}`));

/**
 * The voice file part: a file (Blob), or the text "null" the client sends when there is none.
 * Any text counts as no file. The content is checked by the server (audio by its first bytes).
 */
const ZVoiceFile = z
  .union([z.instanceof(Blob), z.string(), z.null()])
  .optional()
  .transform((v) => (v instanceof Blob ? v : null))
  .meta({ description: 'the audio file (MP3, WAV, OGG, M4A, AAC, AMR, WebM or FLAC), or "null"' });

const messageFields = {
  category: formIndex(MESSAGE_CATEGORIES.length - 1, 'Choose a category (0 to 6)'),
  messageType: formIndex(MESSAGE_TYPES.length - 1, 'Choose a type: 0 Sms, 1 Email or 2 Voice'),
  subject: formText(MAX_SUBJECT_CHARS, 'subject'),
  message: formText(MAX_MESSAGE_CHARS, 'message'),
  [VOICE_FIELD]: ZVoiceFile,
};

/** Giving spec §5: SMS and Email need a subject and a message; Voice has neither (its file instead). */
function requireTexts(v: { messageType: number; subject: string; message: string }, ctx: z.RefinementCtx): void {
  if (v.messageType === MESSAGE_TYPE.voice) return;
  if (v.subject === '')
    ctx.addIssue({
      code: 'custom',
      path: ['subject'],
      message: v.messageType === MESSAGE_TYPE.sms ? 'Choose a sender ID' : 'Enter a subject',
    });
  if (v.message === '') ctx.addIssue({ code: 'custom', path: ['message'], message: 'Enter the message' });
}

/** POST /api/Settings/CreateDefaultMessage (multipart): category, messageType, subject, message, voiceFile. */
export const ZCreateDefaultMessageForm = z.object(messageFields).superRefine(requireTexts);
export type TCreateDefaultMessageForm = z.output<typeof ZCreateDefaultMessageForm>;

/** PUT /api/Settings/UpdateDefaultMessage (multipart): the same fields plus `id`. */
export const ZUpdateDefaultMessageForm = z.object({ id: ZId, ...messageFields }).superRefine(requireTexts);
export type TUpdateDefaultMessageForm = z.output<typeof ZUpdateDefaultMessageForm>;

/**
 * A default message as the client reads it (existing-client-api §2.8, §6.1). `subject` is the
 * sender ID mask for Sms, the subject line for Email, '' for Voice; `voiceUrl` opens the
 * recording of a Voice message (null otherwise).
 */
export const ZDefaultMessage = z.object({
  id: z.string(),
  message: z.string(),
  subject: z.string(),
  category: z.number().int(),
  messageType: z.number().int(),
  voiceUrl: z.string().nullable(),
});
export type TDefaultMessage = z.output<typeof ZDefaultMessage>;

const envelope = <T extends z.ZodType>(t: T) =>
  z.object({ status: z.boolean(), response: z.string(), returnObject: t });

/** GET /api/Settings/AllDefaultMessages: the church's default messages, newest first. */
export const ZDefaultMessageListEnvelope = envelope(z.array(ZDefaultMessage));
/** GET /api/Settings/GetDefaultMessage/{id}, and the answers of create and update. */
export const ZDefaultMessageEnvelope = envelope(ZDefaultMessage);
/** DELETE /api/Settings/DeleteDefaultMessage/{id}: the envelope with the deleted id. */
export const ZDefaultMessageDeletedEnvelope = envelope(z.object({ id: z.string() }));

/** `{id}` of the get and delete paths. */
export const ZDefaultMessageIdParams = z.object({ id: ZId });

/** The path of a stored voice recording: the church's id and the file's random name. */
export const ZVoiceFileParams = z.object({ tenantId: z.string().max(64), name: z.string().max(80) });

/**
 * The list's cut (finance spec 2.9, §9): a text over 17 characters shows its first 18 and an
 * ellipsis; shorter texts show whole.
 */
export function cutText(text: string): { text: string; cut: boolean } {
  // by code points, so an emoji is never split in half
  const chars = Array.from(text);
  return chars.length > 17 ? { text: `${chars.slice(0, 18).join('')}…`, cut: true } : { text, cut: false };
}
