import { ZRegistrationSetupList } from '@steward/contracts/event-registration-admin';
import { buildUrl, request } from './http.ts';

/*
 * The church's side of event registration (issue 12 'Admin'): the list of set-ups that take
 * registration and the registrations' xlsx export, checked against
 * packages/contracts/src/event-registration-admin.ts.
 */

/** TanStack Query keys of the registration list. */
export const registrationAdminKeys = {
  all: ['event-registration-admin'] as const,
  list: (page: number, searchText: string) => [...registrationAdminKeys.all, 'list', page, searchText] as const,
};

/**
 * GET /api/EventRegistration/Setups?page=N&searchText=: the church's set-ups that take
 * registration, newest event first, with places taken / left, fee and cut-off. `{data, totalItems}`.
 */
export function getRegistrationSetups(page: number, searchText: string) {
  return request('/api/EventRegistration/Setups', ZRegistrationSetupList, {
    query: { page, searchText: searchText.trim() || undefined },
  });
}

/**
 * The download address of GET /api/EventRegistration/Export?id=: a plain same-origin GET (cookie
 * session) answered with the set-up's registrations as an xlsx attachment.
 */
export function registrationsExportUrl(setUpId: string): string {
  return buildUrl('/api/EventRegistration/Export', { id: setUpId });
}

/** Starts the attachment download of `url` (same-origin cookie session). */
export function downloadFile(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}
