import type { TBranchLevel } from '@steward/contracts/life-cycle';
import { MESSAGES } from '@steward/contracts/messages';
import { useLocation } from 'react-router';
import {
  createBranchLevel,
  deleteBranchLevel,
  editBranchLevel,
  getBranchLevels,
  reorderBranchLevels,
} from '../../api/settings.ts';
import { settingsKeys } from '../../api/query-keys.ts';
import { OrderedSettingsList } from './ordered-list-parts.tsx';

const LEVEL_MESSAGES = {
  saved: MESSAGES.branchLevelSaved,
  updated: MESSAGES.branchLevelUpdated,
  orderUpdated: MESSAGES.branchLevelOrderUpdated,
};

/** The level a new branch level gets: the highest on screen plus 1, or 0 for the first (spec §4). */
export function nextBranchLevel(levels: TBranchLevel[]): number {
  return levels.reduce((max, l) => Math.max(max, l.level), -1) + 1;
}

/**
 * /tenant/settings/branchlevelsettings and /tenant/branch/branchsummary: 'Branch Level
 * Settings' (spec 2.19; §4; §8; existing-client-api §6.3). The heading is hidden when the
 * path includes 'tenant/branch/branchsummary'. Add a level ('Add Branch Level', Save; at max
 * + 1), list them (NAME, ACTION: View opens the inline name editor, Delete asks first), drag to
 * reorder (levels 0..n-1, saved 1,000 ms after the last move).
 */
export function BranchLevelSettingsPage() {
  const { pathname } = useLocation();
  const embedded = pathname.toLowerCase().includes('tenant/branch/branchsummary');
  return (
    <OrderedSettingsList<TBranchLevel>
      title={embedded ? null : 'Branch Level Settings'}
      noun="branch level"
      nounPlural="branch levels"
      queryKey={settingsKeys.branchLevels()}
      load={getBranchLevels}
      create={(values, current) => createBranchLevel({ name: values.name, level: nextBranchLevel(current) })}
      edit={(level, values) => editBranchLevel({ ...level, name: values.name })}
      remove={deleteBranchLevel}
      reorder={reorderBranchLevels}
      withDefault={false}
      addLabel="Add Branch Level"
      emptyText="You haven't added any branch level yet"
      messages={LEVEL_MESSAGES}
    />
  );
}
