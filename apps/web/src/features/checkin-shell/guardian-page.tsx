import { PlusOutlined } from '@ant-design/icons';
import type { TFamilyMember } from '@steward/contracts/families';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { MemberFormModal } from './member-form-modal.tsx';
import { MemberList } from './member-list.tsx';
import { guardiansOf, roleName } from './shell-model.ts';
import { Loading, LoadError } from './states.tsx';
import { SHELL_TEXTS as T } from './texts.ts';
import { useFamilyRoles, useMyFamily } from './use-family.ts';

/**
 * /checkin/checkinguardian (existing-client-api §1.6 'Guardian', §4.4): the people who may bring
 * and pick up the children besides the parents (family role 6), with photo and phone; add
 * (POST /api/Family/addFamilyMember with familyRoleId 6), edit, remove (asks first).
 */
export function CheckinGuardianPage() {
  const family = useMyFamily();
  const roles = useFamilyRoles();
  const [editing, setEditing] = useState<{ member: TFamilyMember | null } | null>(null);
  const add = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ member: null })}>
      {T.addGuardian}
    </Button>
  );
  const guardians = family.data ? guardiansOf(family.data) : [];

  return (
    <>
      <PageHeader title={T.guardianTitle} actions={family.data ? add : null} />
      <Typography.Paragraph type="secondary" className="cs-lead">
        {T.guardianSubtitle}
      </Typography.Paragraph>
      {family.isPending ? (
        <Loading />
      ) : family.isError ? (
        <LoadError error={family.error} onRetry={() => void family.refetch()} />
      ) : (
        <>
          {guardians.length === 0 ? (
            <EmptyState description={T.noGuardians}>{add}</EmptyState>
          ) : (
            <MemberList
              label={T.guardianTitle}
              members={guardians}
              roleOf={(m) => roleName(m.familyRoleID, roles.data)}
              details={(m) => [m.person.mobilePhone]}
              onEdit={(member) => setEditing({ member })}
              removedText={T.guardianRemoved}
            />
          )}
          {editing ? (
            <MemberFormModal
              open
              kind="guardian"
              family={family.data}
              member={editing.member}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </>
      )}
    </>
  );
}
