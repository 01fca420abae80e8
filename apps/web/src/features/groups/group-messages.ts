/*
 * Texts of the groups page that the spec (2.21) does not word and packages/contracts MESSAGES does
 * not hold yet (proposed there in issue 8's report). The successes of rename, move and delete are
 * the server's own `response` texts ('Group updated successfully', 'Group moved successfully',
 * 'Group deleted successfully').
 */
export const GROUP_MESSAGES = {
  treeEmpty: 'No groups yet',
  treeLoadFailed: 'The groups could not be loaded',
  createFailed: 'Group not created, please try again',
  updateFailed: 'Group not updated, please try again',
  moveFailed: 'Group not moved',
  deleteFailed: 'Group not deleted, please try again',
  notFound: 'This group does not exist',
} as const;
