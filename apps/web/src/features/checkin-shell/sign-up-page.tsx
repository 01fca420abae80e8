import { FAMILY_ROLE } from '@steward/contracts/families';
import { Form, Input, Radio } from 'antd';
import { Navigate, useParams } from 'react-router';
import { familyRegister } from '../../api/family.ts';
import { AuthFrame, AuthSubmit, AuthSwitch, IdentifierField, useFamilyAuth } from './auth-frame.tsx';
import { SHELL_PATHS, signInPath } from './shell-context.ts';
import { identityOf } from './shell-model.ts';
import { SHELL_TEXTS as T } from './texts.ts';

interface Values {
  firstName: string;
  lastName: string;
  identifier: string;
  familyRole: number;
  password: string;
  confirm: string;
}

/**
 * /checkinsignup/:tenantId (existing-client-api §1.6 'CheckinSignup', §4.4): a parent creates a
 * family account (POST /familyRegister: names, e-mail or phone, Father or Mother, password of 8
 * or more characters) and is signed in to the shell. The server refuses an e-mail, phone or
 * person that already has an account with a message shown here.
 */
export function CheckinSignUpPage() {
  const { tenantId = '' } = useParams();
  const { user, problem, busy, signedIn, run } = useFamilyAuth(tenantId);

  if (signedIn) return <Navigate to={SHELL_PATHS.dashboard} replace />;

  const submit = (v: Values) =>
    run(async () => {
      const res = await familyRegister({
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        ...identityOf(v.identifier),
        familyRole: v.familyRole,
        password: v.password,
      });
      const result = res.loginData.value.login.result;
      if (result.statusCode !== 200 || !result.value.token) return { refused: result.value.message };
      return {
        session: {
          token: result.value.token,
          tenantId: result.value.tenantID ?? user.tenantId,
          personId: res.personID,
          expiresAt: result.value.expiryTime,
        },
        toast: T.accountCreated,
      };
    });

  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <AuthFrame tenantId={tenantId} title={T.signUpTitle} subtitle={T.signUpSubtitle}>
      <Form<Values> layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
        <div className="cs-two">
          <Form.Item name="firstName" label={T.firstName} rules={required(T.enterFirstName)}>
            <Input autoComplete="given-name" maxLength={80} autoFocus />
          </Form.Item>
          <Form.Item name="lastName" label={T.lastName} rules={required(T.enterLastName)}>
            <Input autoComplete="family-name" maxLength={80} />
          </Form.Item>
        </div>
        <IdentifierField maxLength={254} />
        <Form.Item name="familyRole" label={T.iAmThe} rules={[{ required: true, message: T.chooseParentRole }]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: FAMILY_ROLE.father, label: T.father },
              { value: FAMILY_ROLE.mother, label: T.mother },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={T.password}
          extra={T.passwordHint}
          rules={[{ required: true, min: 8, message: T.passwordTooShort }]}
        >
          <Input.Password autoComplete="new-password" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={T.confirmPassword}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, v: string | undefined) =>
                !v
                  ? Promise.reject(new Error(T.confirmYourPassword))
                  : v === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(T.passwordsDiffer)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={200} />
        </Form.Item>
        <AuthSubmit problem={problem} busy={busy} label={T.createAccount} />
      </Form>
      <AuthSwitch text={T.haveAccount} link={T.signInLink} to={signInPath(user.tenantId)} />
    </AuthFrame>
  );
}
