import { Alert, Form, Input } from 'antd';
import { Navigate, useLocation, useParams } from 'react-router';
import { familyLogin } from '../../api/family.ts';
import { AuthFrame, AuthSubmit, AuthSwitch, IdentifierField, useFamilyAuth } from './auth-frame.tsx';
import { SHELL_PATHS, signUpPath } from './shell-context.ts';
import { identityOf } from './shell-model.ts';
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
  const location = useLocation();
  const { user, problem, busy, signedIn, run } = useFamilyAuth(tenantId);
  const expired = (location.state as { expired?: boolean } | null)?.expired === true;

  if (signedIn) return <Navigate to={SHELL_PATHS.dashboard} replace />;

  const submit = (v: Values) =>
    run(async () => {
      const res = await familyLogin({ ...identityOf(v.identifier), password: v.password });
      const result = res.login.result;
      if (result.statusCode !== 200 || !result.value.token || !res.personID) return { refused: result.value.message };
      return {
        session: {
          token: result.value.token,
          tenantId: result.value.tenantID ?? user.tenantId,
          personId: res.personID,
          expiresAt: result.value.expiryTime,
        },
        toast: T.welcomeBack,
      };
    });

  return (
    <AuthFrame tenantId={tenantId} title={T.signInTitle} subtitle={T.signInSubtitle}>
      {expired && !problem ? <Alert type="info" showIcon title={T.sessionExpired} className="cs-auth-alert" /> : null}
      <Form<Values> layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
        <IdentifierField validateTrigger="onSubmit" autoFocus />
        <Form.Item
          name="password"
          label={T.password}
          rules={[{ required: true, message: T.enterPassword }]}
          validateTrigger="onSubmit"
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <AuthSubmit problem={problem} busy={busy} label={T.signIn} />
      </Form>
      <AuthSwitch text={T.noAccount} link={T.createAccountLink} to={signUpPath(user.tenantId)} />
    </AuthFrame>
  );
}
