import type { TStage } from '@steward/contracts/life-cycle';
import { MESSAGES } from '@steward/contracts/messages';
import { createStage, deleteStage, editStage, getStages, reorderStages } from '../../api/settings.ts';
import { settingsKeys } from '../../api/query-keys.ts';
import { OrderedSettingsList } from './ordered-list-parts.tsx';

const STAGE_MESSAGES = {
  saved: MESSAGES.stageSaved,
  updated: MESSAGES.stageUpdated,
  orderUpdated: MESSAGES.stageOrderUpdated,
};

/**
 * /tenant/settings/firsttimersettings: 'New Guest Life Cycle Settings' (spec 2.18; §4; §8;
 * existing-client-api §6.2). Add a stage ('Add Your New Guest Life Cycle', 'Mark As Default',
 * Save), list it (NAME with a 'Default' tag, ACTION: View opens the inline editor, Delete asks
 * first), drag to reorder (order 1..n, saved 1,000 ms after the last move). One default per
 * church: marking a stage default unmarks the others (server side).
 */
export function LifeCycleSettingsPage() {
  return (
    <OrderedSettingsList<TStage>
      title="New Guest Life Cycle Settings"
      noun="stage"
      nounPlural="guest life-cycle stages"
      queryKey={settingsKeys.stages()}
      load={getStages}
      create={(values) => createStage(values)}
      edit={(stage, values, index) => editStage({ ...stage, name: values.name, isDefault: values.isDefault }, index)}
      remove={deleteStage}
      reorder={reorderStages}
      withDefault
      addLabel="Add Your New Guest Life Cycle"
      emptyText="You haven't added any guest life-cycle stage yet"
      messages={STAGE_MESSAGES}
    />
  );
}
