import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { familyLogin, readFamilySession, saveFamilySession } from '../../api/family.ts';
import { useCurrentUser } from '../../app/current-user.ts';
import { useToast } from '../../components/use-toast.ts';
import { AuthFrame } from './auth-frame.tsx';
import { SHELL_PATHS, signUpPath } from './shell-context.ts';
import { errorText, identityOf, identityProblem } from './shell-model.ts';
import { SHELL_TEXTS as T } from './texts.ts';

interface Values {
  identifier: string;
  password: string;
}

/**
 * /childcheckin/:tenantId (existing-client-api §1.6 'CheckinSignin', §4.4): a parent signs in to
 * the check-in shell with e-mail or phone and password (POST /familyLogin; the church is the
 * device's session). A parent already signed in here goes straight to /checkin. A wrong password
 * shows the server's message; an expired sign-in (state `expired`) says so.
 */
export function CheckinSignInPage() {
  const { tenantId = '' } = useParams();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expired = (location.state as { expired?: boolean } | null)?.expired === true;

  const current = readFamilySession();
  if (current && current.tenantId === user.tenantId && tenantId.toLowerCase() === user.tenantId.toLowerCase())
    return <Navigate to={SHELL_PATHS.dashboard} replace />;

  const submit = async (v: Values) => {
    setProblem(null);
    setBusy(true);
    try {
      const res = await familyLogin({ ...identityOf(v.identifier), password: v.password });
      const result = res.login.result;
      if (result.statusCode !== 200 || !result.value.token || !res.personID) {
        setProblem(result.value.message);
        return;
      }
      saveFamilySession({
        token: result.value.token,
        tenantId: result.value.tenantID ?? user.tenantId,
        personId: res.personID,
        expiresAt: result.value.expiryTime,
      });
      toast.success(T.welcomeBack);
      await navigate(SHELL_PATHS.dashboard, { replace: true });
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame tenantId={tenantId} title={T.signInTitle} subtitle={T.signInSubtitle}>
      {expired && !problem ? <Alert type="info" showIcon title={T.sessionExpired} className="cs-auth-alert" /> : null}
      <Form<Values> layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
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
          validateTrigger="onSubmit"
        >
          <Input autoComplete="username" placeholder={T.identifierPlaceholder} autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={T.password}
          rules={[{ required: true, message: T.enterPassword }]}
          validateTrigger="onSubmit"
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {problem ? <Alert type="error" showIcon role="alert" title={problem} className="cs-auth-alert" /> : null}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {T.signIn}
        </Button>
      </Form>
      <Typography.Paragraph className="cs-auth-switch">
        {T.noAccount} <Link to={signUpPath(user.tenantId)}>{T.createAccountLink}</Link>
      </Typography.Paragraph>
    </AuthFrame>
  );
}
