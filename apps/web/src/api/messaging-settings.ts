import {
  VOICE_FIELD,
  ZDefaultMessageDeletedEnvelope,
  ZDefaultMessageEnvelope,
  ZDefaultMessageListEnvelope,
  type TDefaultMessage,
} from '@steward/contracts/default-messages';
import {
  ZRequestSenderIdAnswer,
  ZSenderIdDeletedEnvelope,
  ZSenderIdListEnvelope,
  type TRequestSenderIdAnswer,
  type TSenderId,
} from '@steward/contracts/sender-ids';
import { request, sendForm } from './http.ts';

/*
 * Sender IDs and default messages on the existing client's paths (finance spec 2.7, 2.9; giving
 * spec 2.17; existing-client-api §2.7, §2.8, §6.1). Create and update of a default message go
 * as multipart/form-data with stringified values, as the existing client sends them.
 */

/** TanStack Query keys of this area; the lists are invalidated after each mutation. */
export const messagingSettingsKeys = {
  all: ['messaging-settings'] as const,
  senderIds: () => [...messagingSettingsKeys.all, 'sender-ids'] as const,
  defaultMessages: () => [...messagingSettingsKeys.all, 'default-messages'] as const,
  defaultMessage: (id: string) => [...messagingSettingsKeys.all, 'default-message', id] as const,
};

/** GET /api/Messaging/RetrieveTenantSenderIDs: every sender ID of the church with its status, by mask. */
export async function getSenderIds(): Promise<TSenderId[]> {
  const answer = await request('/api/Messaging/RetrieveTenantSenderIDs', ZSenderIdListEnvelope);
  return answer.returnObject;
}

/** POST /api/Messaging/RequestSenderID `{mask}`: answers the numeric `status` (0 pending) and the sender ID. */
export function requestSenderId(mask: string): Promise<TRequestSenderIdAnswer> {
  return request('/api/Messaging/RequestSenderID', ZRequestSenderIdAnswer, { method: 'POST', body: { mask } });
}

/**
 * DELETE /api/Messaging/DeleteSenderID?id= (existing-client-api §2.7): removes one of the church's
 * sender IDs. Answers the envelope with the deleted id; `response` is the text to show.
 * @throws HttpError 404 (none of the church's), NetworkError, TimeoutError, ContractError.
 */
export function deleteSenderId(id: string) {
  return request('/api/Messaging/DeleteSenderID', ZSenderIdDeletedEnvelope, { method: 'DELETE', query: { id } });
}

/** GET /api/Settings/AllDefaultMessages: the church's default messages, newest first. */
export async function getDefaultMessages(): Promise<TDefaultMessage[]> {
  const answer = await request('/api/Settings/AllDefaultMessages', ZDefaultMessageListEnvelope);
  return answer.returnObject;
}

/** GET /api/Settings/GetDefaultMessage/{id}: one default message (404 for none of the church). */
export async function getDefaultMessage(id: string): Promise<TDefaultMessage> {
  const answer = await request(`/api/Settings/GetDefaultMessage/${encodeURIComponent(id)}`, ZDefaultMessageEnvelope);
  return answer.returnObject;
}

/** DELETE /api/Settings/DeleteDefaultMessage/{id} */
export function deleteDefaultMessage(id: string) {
  return request(`/api/Settings/DeleteDefaultMessage/${encodeURIComponent(id)}`, ZDefaultMessageDeletedEnvelope, {
    method: 'DELETE',
  });
}

/** What the create/edit page saves: `id` for an update; `voiceFile` a newly chosen recording or null. */
export interface DefaultMessageSave {
  id?: string;
  category: number;
  messageType: number;
  subject: string;
  message: string;
  voiceFile: File | null;
}

/**
 * POST /api/Settings/CreateDefaultMessage, or PUT /api/Settings/UpdateDefaultMessage with `id`:
 * multipart/form-data with the existing client's fields (values as text, voiceFile the file or
 * the text "null", in which case an edited Voice message keeps its recording).
 * @throws NetworkError, TimeoutError, HttpError (400 names the field), ContractError.
 */
export async function saveDefaultMessage(save: DefaultMessageSave): Promise<TDefaultMessage> {
  const form = new FormData();
  if (save.id) form.append('id', save.id);
  form.append('category', String(save.category));
  form.append('messageType', String(save.messageType));
  form.append('subject', save.subject);
  form.append('message', save.message);
  if (save.voiceFile) form.append(VOICE_FIELD, save.voiceFile, save.voiceFile.name);
  else form.append(VOICE_FIELD, 'null');
  const path = save.id ? '/api/Settings/UpdateDefaultMessage' : '/api/Settings/CreateDefaultMessage';
  const answer = await sendForm(path, ZDefaultMessageEnvelope, form, { method: save.id ? 'PUT' : 'POST' });
  return answer.returnObject;
}
