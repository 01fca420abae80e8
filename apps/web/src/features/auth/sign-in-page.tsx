import { ZLoginRequest } from '@steward/contracts/auth';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { login } from '../../api/auth.ts';
import { HttpError, NetworkError } from '../../api/http.ts';
import { authKeys } from '../../api/query-keys.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { AuthLayout } from './auth-layout.tsx';

interface SignInValues {
  email: string;
  password: string;
}

function errorText(err: unknown): string {
  if (err instanceof NetworkError) return MESSAGES.networkDisrupted;
  if (err instanceof HttpError && err.serverMessage) return err.serverMessage;
  return 'Sign in failed, please try again';
}

/** Where the guard sent the user from, when it is a /tenant page. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.toLowerCase().startsWith('/tenant') ? from : '/tenant';
}

/** /signin: e-mail and password; 401 and 429 show the server's message. */
export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (v: SignInValues) => login({ userName: v.email.trim(), password: v.password }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: authKeys.all });
      await navigate(returnPath(location.state), { replace: true });
    },
  });

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to manage your church's finances.">
      {mutation.isError ? (
        <Alert type="error" showIcon title={errorText(mutation.error)} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form<SignInValues> layout="vertical" requiredMark={false} onFinish={(v) => mutation.mutate(v)}>
        <Form.Item label="E-mail" name="email" rules={[zodRule(ZLoginRequest.shape.userName)]}>
          <Input type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(ZLoginRequest.shape.password)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
          Sign in
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 4, textAlign: 'center' }}>
        New to Steward? <Link to="/signup">Create an account</Link>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, textAlign: 'center', marginBottom: 0 }}>
        Demo: admin@grace.example / stewardship
      </Typography.Paragraph>
    </AuthLayout>
  );
}
