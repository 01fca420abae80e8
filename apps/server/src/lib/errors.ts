/**
 * Errors a service throws; the app's error handler turns them into the spec's envelope
 * (DESIGN.md §1.6): 400 naming the field, 404 for a missing or foreign id.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly field?: string,
    /** carried to the client as the envelope's returnObject */
    readonly returnObject?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 400: `field` is the request field at fault, `message` the reason. */
export const badRequest = (field: string, message: string) => new AppError(400, message, field);
/** 404: the id is missing or belongs to another tenant (indistinguishable by design). */
export const notFound = (what: string) => new AppError(404, `${what} was not found`);
export const unauthorized = (message = 'You are not signed in') => new AppError(401, message);

/**
 * 409: the request cannot be done as asked; `canDeactivate` tells the client it may offer
 * deactivation instead (spec 2.10 deletes of accounts and funds with history).
 */
export const conflict = (message: string, canDeactivate: boolean) =>
  new AppError(409, message, undefined, { canDeactivate });
