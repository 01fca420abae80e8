/**
 * The message catalogue: user-visible texts of the spec, word for word, with plain
 * misspellings corrected (DESIGN.md: 'Opps' -> 'Oops', 'Succefully' -> 'Successfully',
 * 'Remitance' -> 'Remittance'). Durations in milliseconds (spec §9: 3 s, 5 s for cancels and info).
 */
export const MESSAGES = {
  networkDisrupted: 'Oops, Your internet connection was disrupted',
  offeringsEmpty: "You haven't added any offering transaction yet",
  offeringsFilteredEmpty: 'No records found',
  offeringItemsEmpty: "You haven't added any offering category yet",
  offeringDeleted: 'Offering Transaction Deleted',
  offeringsDeleted: (result: string) => `Offering(s) deleted ${result}`,
  deleteFailedTryAgain: 'Delete Failed, Please Try Again',
  bulkDeleteNetwork: 'Network Error,Please ensure you have a strong internet connection',
  bulkDeleteTimeout: 'Request took too long to respond',
  offeringItemSaved: 'Contribution Saved',
  offeringItemEdited: 'Edit Successfully',
  offeringItemSaveFailed: 'Not Successful',
  offeringQuickSaved: 'Offering Saved',
  offeringSaveFailed: 'Error, Please try again',
  selectIncomeAndCash: 'Please select an income and cash account',
  remittanceLastRow: 'Cannot Delete, You must have at least one field to apply for remittance',
  remittanceOver100: 'The sum of percentages should not exceed 100%',
  enterAmount: 'Enter amount for Offering item',
  enterEventNameAndDate: 'Enter event name and date',
  eventCreated: 'Your new event was created successfully',
  categoryCreated: 'Category created successfully',
  categoryFailed: 'Category could not be created',
  donorSearchTooShort: 'Enter 3 or more characters',
  confirmDeleteTitle: 'Confirm delete',
  confirmDeleteText: 'Are you sure you want to proceed?',
  rejected: 'Rejected',
  deleteCanceled: 'Delete canceled',
  memberCreated: 'Member created successfully',
  // settings (giving-attendance-and-settings §8; 'Save Successfully' etc. kept as the spec words them)
  stageSaved: 'New Guest Life Cycle Save Successfully',
  stageUpdated: 'New Guest Life Cycle Updated Successfully',
  stageOrderUpdated: 'New Guest Life Cycle Order Updated Successfully',
  settingsDeleteConfirm: 'Are you sure you want to Delete?',
  settingsDeleted: 'Delete Successfully',
  branchLevelSaved: 'Branch Save Successfully',
  branchLevelUpdated: 'New Branch Updated Successfully',
  branchLevelOrderUpdated: 'Branch Level Order Updated Successfully',
  customFieldCreated: 'Custom Field created successfully',
  customFieldUpdated: 'Custom Field Updated successfully',
  customFieldsReordered: 'Custom fields reordered successfully',
  customFieldDeleted: 'Custom field deleted',
  customFieldDeleteRefused: 'Ensure this is not in any group',
  customFieldDeleteFailed: 'An error occurred, please try again',
  groupCreated: 'Group created successfully',
} as const;

/** Toast durations in seconds (antd message/notification take seconds). */
export const TOAST_SECONDS = { default: 3, info: 5, cancel: 5, senderId: 6 } as const;
