/** The offerings filter panel's fields as typed, before Apply: offering item and donor text. */
export interface FilterDraft {
  offering: string;
  donor: string;
}

/** The empty filter draft. */
export const NO_DRAFT: FilterDraft = { offering: '', donor: '' };
