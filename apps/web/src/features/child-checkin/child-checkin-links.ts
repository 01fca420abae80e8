/** The child check-in screen (issue 11; existing-client-api §1.6 `/tenant/childcheckin`). */
export const CHILD_CHECKIN_PATH = '/tenant/childcheckin';

/** The labels (print view) of one child check-in. */
export const labelsPath = (childCheckinId: string) => `${CHILD_CHECKIN_PATH}/labels/${childCheckinId}`;
