/** Routes of the default message pages (finance spec 2.9, giving spec 2.17). */
export const DEFAULT_MESSAGES_PATH = '/tenant/settings/defaultmessage';
export const NEW_DEFAULT_MESSAGE_PATH = '/tenant/settings/adddefaultmessage';

/** The edit page of default message `id` (query messageId, as the existing client). */
export const editDefaultMessagePath = (id: string) => `${NEW_DEFAULT_MESSAGE_PATH}?messageId=${encodeURIComponent(id)}`;

/** The compose page prefilled from default message `id` (Send SMS and Send Email, spec 2.9). */
export const composePath = (id: string) => `/tenant/sms/compose?defaultId=${encodeURIComponent(id)}`;
