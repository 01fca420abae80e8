import { PlusOutlined } from '@ant-design/icons';
import type { TFamilyMember, TFamilyPerson } from '@steward/contracts/families';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { MemberFormModal } from './member-form-modal.tsx';
import { MemberList } from './member-list.tsx';
import { PersonPhoto } from './photo.tsx';
import { SHELL_PATHS } from './shell-context.ts';
import { birthdayText, fullName, householdOf, roleName } from './shell-model.ts';
import { Loading, LoadError } from './states.tsx';
import { SHELL_TEXTS as T } from './texts.ts';
import { useFamilyRoles, useGenders, useMyFamily } from './use-family.ts';

function ParentCard({ person, role }: { person: TFamilyPerson | null; role: string }) {
  return (
    <Card size="small" className="cs-parent">
      {person ? (
        <Flex align="center" gap={12}>
          <PersonPhoto url={person.pictureUrl} name={fullName(person)} size={52} />
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {fullName(person)}
            </Typography.Text>
            <Flex align="center" gap={8} wrap>
              <Tag>{role}</Tag>
              <Link to={SHELL_PATHS.profile}>{T.editOnProfile}</Link>
            </Flex>
          </Flex>
        </Flex>
      ) : (
        <Flex align="center" gap={12}>
          <PersonPhoto url={null} name="" size={52} />
          <Flex vertical gap={2}>
            <Typography.Text type="secondary">{T.noParent(role)}</Typography.Text>
            <Link to={SHELL_PATHS.profile}>{T.addParentOnProfile}</Link>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}

/**
 * /checkin/checkinfamily (existing-client-api §1.6 'CheckinFamily', §4.4): the parents (edited on
 * the Profile page) and the family's other members with photo, role, gender and birthday; add,
 * edit and remove (asks first). Guardians have their own page.
 */
export function CheckinFamilyPage() {
  const family = useMyFamily();
  const roles = useFamilyRoles();
  const genders = useGenders();
  const [editing, setEditing] = useState<{ member: TFamilyMember | null } | null>(null);

  const genderOf = (id: number | null) => (id ? (genders.data?.find((g) => g.id === id)?.value ?? null) : null);
  const add = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ member: null })}>
      {T.addMember}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={T.familyTitle}
        subtitle={family.data?.familyName ?? T.familySubtitle}
        actions={family.data ? add : null}
      />
      {family.isPending ? (
        <Loading />
      ) : family.isError ? (
        <LoadError error={family.error} onRetry={() => void family.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{T.familySubtitle}</Typography.Paragraph>
          <section className="cs-section" aria-labelledby="cs-parents">
            <Typography.Title level={2} id="cs-parents" className="cs-section-title">
              {T.parents}
            </Typography.Title>
            <div className="cs-parents">
              <ParentCard person={family.data.father} role={T.father} />
              <ParentCard person={family.data.mother} role={T.mother} />
            </div>
          </section>
          <section className="cs-section" aria-labelledby="cs-members">
            <Typography.Title level={2} id="cs-members" className="cs-section-title">
              {T.members}
            </Typography.Title>
            {householdOf(family.data).length === 0 ? (
              <EmptyState description={T.noMembers}>{add}</EmptyState>
            ) : (
              <MemberList
                label={T.members}
                members={householdOf(family.data)}
                roleOf={(m) => roleName(m.familyRoleID, roles.data)}
                details={(m) => [genderOf(m.person.genderID), birthdayText(m.person)]}
                onEdit={(member) => setEditing({ member })}
                removedText={T.memberRemoved}
              />
            )}
          </section>
          {editing ? (
            <MemberFormModal
              open
              kind="household"
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
