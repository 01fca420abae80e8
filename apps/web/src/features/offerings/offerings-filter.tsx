import { Input } from 'antd';
import { FilterField, FilterPanel } from '../../components/filter-panel.tsx';
import type { FilterDraft } from './offerings-filter-draft.ts';

/**
 * The filter panel of the offerings list (spec 2.1): 'Offering' and 'donor' text, then Apply,
 * Clear all, Hide. Lazy-loaded by OfferingsPage when the panel is first opened (issue 7 'Speed').
 */
export function OfferingsFilter({
  draft,
  onChange,
  onApply,
  onClear,
  onHide,
}: {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  onApply: () => void;
  onClear: () => void;
  onHide: () => void;
}) {
  return (
    <FilterPanel open onApply={onApply} onClear={onClear} onHide={onHide}>
      <FilterField label="Offering">
        <Input value={draft.offering} onChange={(e) => onChange({ ...draft, offering: e.target.value })} />
      </FilterField>
      <FilterField label="donor">
        <Input value={draft.donor} onChange={(e) => onChange({ ...draft, donor: e.target.value })} />
      </FilterField>
    </FilterPanel>
  );
}
