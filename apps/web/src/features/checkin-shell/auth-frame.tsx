import { Alert, Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/current-user.ts';
import { ChurchBrand } from './church-brand.tsx';
import { signInPath } from './shell-context.ts';
import { SHELL_TEXTS as T } from './texts.ts';
import { useChurch } from './use-family.ts';
import './checkin-shell.css';

/**
 * The frame of the shell's sign-in and sign-up pages: the church's logo and name (the church this
 * device is signed in as) above a card with the page's title. When the link's `tenantId` is
 * another church's, says so instead and offers this church's page: the family account belongs
 * to the church of the session.
 */
export function AuthFrame({
  tenantId,
  title,
  subtitle,
  children,
}: {
  tenantId: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  const church = useChurch(user.tenantId);
  const navigate = useNavigate();
  const name = church.data?.name ?? user.churchName;
  const otherChurch = tenantId.toLowerCase() !== user.tenantId.toLowerCase();
  return (
    <div className="cs-auth">
      <Flex vertical gap={20} className="cs-auth-column">
        <ChurchBrand name={name} logo={church.data?.logo ?? null} loading={church.isPending} />
        <Card className="cs-auth-card">
          <Typography.Title level={1} className="cs-auth-title">
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>
          {otherChurch ? (
            <Alert
              type="warning"
              showIcon
              title={T.otherChurch(user.churchName)}
              description={
                <Button
                  className="cs-gap-top cs-wrap-button"
                  onClick={() => void navigate(signInPath(user.tenantId), { replace: true })}
                >
                  {T.openOurCheckin(user.churchName)}
                </Button>
              }
            />
          ) : (
            children
          )}
        </Card>
      </Flex>
    </div>
  );
}
