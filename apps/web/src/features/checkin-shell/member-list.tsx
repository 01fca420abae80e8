import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TFamilyMember } from '@steward/contracts/families';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { familyKeys, removeFamilyMember } from '../../api/family.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';
import { PersonPhoto } from './photo.tsx';
import { errorText, fullName } from './shell-model.ts';
import { SHELL_TEXTS as T } from './texts.ts';

/**
 * Family members as a list of rows: photo, name, the role as a tag, `details` (gender, birthday,
 * phone) and Edit / Remove buttons named after the person. Remove asks first ('Confirm delete',
 * spec §5), then calls DELETE /api/Family/removeAFamilyMember and reloads the family.
 */
export function MemberList({
  members,
  roleOf,
  details,
  onEdit,
  removedText,
  label,
}: {
  members: TFamilyMember[];
  roleOf: (m: TFamilyMember) => string;
  details: (m: TFamilyMember) => ReactNode[];
  onEdit: (m: TFamilyMember) => void;
  /** the toast after a removal */
  removedText: string;
  /** the list's accessible name */
  label: string;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirmDelete();
  const remove = useMutation({
    mutationFn: (id: string) => removeFamilyMember(id),
    onSuccess: async () => {
      toast.success(removedText);
      await queryClient.invalidateQueries({ queryKey: familyKeys.all });
    },
    onError: (err) => toast.error(errorText(err)),
  });

  return (
    <ul className="cs-members" aria-label={label}>
      {members.map((m) => {
        const name = fullName(m.person);
        const extra = details(m).filter(Boolean);
        return (
          <li key={m.id} className="cs-member" data-testid="family-member">
            <PersonPhoto url={m.person.pictureUrl} name={name} size={52} />
            <div className="cs-member-who">
              <Flex align="center" gap={8} wrap>
                <Typography.Text strong className="cs-member-name">
                  {name}
                </Typography.Text>
                <Tag>{roleOf(m)}</Tag>
              </Flex>
              {extra.length > 0 ? (
                <Typography.Text type="secondary" className="cs-member-details">
                  {extra.map((d, i) => (
                    <span key={i}>{d}</span>
                  ))}
                </Typography.Text>
              ) : null}
            </div>
            <Flex gap={4} className="cs-member-actions">
              <Button icon={<EditOutlined aria-hidden />} onClick={() => onEdit(m)} aria-label={`${T.edit} ${name}`}>
                {T.edit}
              </Button>
              <Button
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`${T.remove} ${name}`}
                loading={remove.isPending && remove.variables === m.id}
                onClick={() =>
                  confirm({
                    text: T.removeQuestion(name),
                    cancelMessage: T.removeCanceled,
                    onConfirm: () => remove.mutateAsync(m.id),
                  })
                }
              >
                {T.remove}
              </Button>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
