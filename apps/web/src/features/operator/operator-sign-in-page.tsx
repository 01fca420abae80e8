import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@steward/contracts/messages';
import { OPERATOR_FIELD_MESSAGES as M } from '@steward/contracts/operator';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { HttpError, NetworkError } from '../../api/http.ts';
import { getOperatorMe, operatorKeys, operatorLogin } from '../../api/operator.ts';
import { OperatorShell } from './operator-shell.tsx';

interface Values {
  email: string;
  password: string;
}

function errorText(err: unknown): string {
  if (err instanceof NetworkError) return MESSAGES.networkDisrupted;
  if (err instanceof HttpError && err.serverMessage) return err.serverMessage;
  return 'Sign in failed, please try again';
}

/**
 * /operator/signin (issue 9 'Sender IDs'): the platform operator's sign-in, apart from the
 * churches' /signin. E-mail and password (both required, at most 200 characters); a refused
 * sign-in (401 'Incorrect e-mail or password', 429 after too many attempts, no connection)
 * shows the reason above the form. Signed in already, or after signing in: /operator.
 */
export function OperatorSignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const me = useQuery({ queryKey: operatorKeys.me(), queryFn: getOperatorMe, retry: false });

  if (me.isSuccess) return <Navigate to="/operator" replace />;

  const submit = async (values: Values) => {
    setPending(true);
    setError(null);
    try {
      const signedIn = await operatorLogin({ email: values.email.trim(), password: values.password });
      queryClient.removeQueries({ queryKey: operatorKeys.all });
      queryClient.setQueryData(operatorKeys.me(), signedIn);
      await navigate('/operator', { replace: true });
    } catch (err) {
      setError(errorText(err));
      setPending(false);
    }
  };

  return (
    <OperatorShell>
      <Card style={{ maxWidth: 420, margin: 'clamp(8px, 6vh, 64px) auto 0' }}>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          Operator sign in
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          For the people who run this Steward installation and review sender ID requests.
        </Typography.Paragraph>
        {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} /> : null}
        <Form<Values> layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={pending}>
          <Form.Item
            label="E-mail"
            name="email"
            rules={[
              { required: true, whitespace: true, message: M.email },
              { max: 200, message: M.tooLong },
            ]}
          >
            <Input type="email" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[
              { required: true, message: M.password },
              { max: 200, message: M.tooLong },
            ]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            Sign in
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          Church staff sign in at <Link to="/signin">the church sign-in page</Link>.
        </Typography.Paragraph>
      </Card>
    </OperatorShell>
  );
}
