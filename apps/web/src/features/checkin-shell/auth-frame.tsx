import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { readFamilySession, saveFamilySession, type FamilySession } from '../../api/family.ts';
import { useCurrentUser } from '../../app/current-user.ts';
import { useToast } from '../../components/use-toast.ts';
import { ChurchBrand } from './church-brand.tsx';
import { SHELL_PATHS, signInPath } from './shell-context.ts';
import { errorText, identityProblem } from './shell-model.ts';
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

/** How a family sign-in or sign-up ended: the session to keep and the toast to show, or the server's refusal. */
export type FamilyAuthOutcome = { session: FamilySession; toast: string } | { refused: string };

/**
 * The state and the submit of the shell's sign-in and sign-up pages (existing-client-api §1.6,
 * §4.4). `signedIn`: a parent is already signed in on this device for the church of the link (the
 * page then goes straight to the dashboard). `run(attempt)` clears the last problem, shows the
 * button busy, and then keeps the session, toasts and opens the dashboard, or shows the server's
 * refusal or the error's text (shell-model errorText) as `problem`.
 */
export function useFamilyAuth(tenantId: string) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = readFamilySession();
  const signedIn =
    current !== null && current.tenantId === user.tenantId && tenantId.toLowerCase() === user.tenantId.toLowerCase();

  const run = async (attempt: () => Promise<FamilyAuthOutcome>) => {
    setProblem(null);
    setBusy(true);
    try {
      const outcome = await attempt();
      if ('refused' in outcome) {
        setProblem(outcome.refused);
        return;
      }
      saveFamilySession(outcome.session);
      toast.success(outcome.toast);
      await navigate(SHELL_PATHS.dashboard, { replace: true });
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return { user, problem, busy, signedIn, run };
}

/** The 'E-mail or phone' field of both pages (shell-model identityProblem checks it). */
export function IdentifierField({
  validateTrigger,
  autoFocus,
  maxLength,
}: {
  validateTrigger?: string;
  autoFocus?: boolean;
  maxLength?: number;
}) {
  return (
    <Form.Item
      name="identifier"
      label={T.identifier}
      rules={[
        {
          validator: (_r, v: string | undefined) => {
            const p = identityProblem(v ?? '');
            return p ? Promise.reject(new Error(p)) : Promise.resolve();
          },
        },
      ]}
      {...(validateTrigger ? { validateTrigger } : {})}
    >
      <Input
        autoComplete="username"
        placeholder={T.identifierPlaceholder}
        {...(autoFocus ? { autoFocus } : {})}
        {...(maxLength ? { maxLength } : {})}
      />
    </Form.Item>
  );
}

/** The end of both forms: the server's refusal (when any) and the full-width submit button. */
export function AuthSubmit({ problem, busy, label }: { problem: string | null; busy: boolean; label: string }) {
  return (
    <>
      {problem ? <Alert type="error" showIcon role="alert" title={problem} className="cs-auth-alert" /> : null}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {label}
      </Button>
    </>
  );
}

/** The line under the card's form leading to the other page ('No account yet? Create one'). */
export function AuthSwitch({ text, link, to }: { text: string; link: string; to: string }) {
  return (
    <Typography.Paragraph className="cs-auth-switch">
      {text} <Link to={to}>{link}</Link>
    </Typography.Paragraph>
  );
}
