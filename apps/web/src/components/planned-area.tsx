import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';

/** Wording for areas of the spec that are not built in this release. */
export const PLANNED_AREA_TEXT = 'This part of Steward is not available yet. It is planned in a later release.';

/** The page of an area planned for a later release. */
export function PlannedArea({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState description={PLANNED_AREA_TEXT} />
    </>
  );
}
