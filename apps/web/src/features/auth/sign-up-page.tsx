import { ZSignupRequest, type TSignupRequest } from '@steward/contracts/auth';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, Row, Select, theme } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { signup } from '../../api/auth.ts';
import { HttpError, NetworkError } from '../../api/http.ts';
import { useCountries, useCurrencies } from '../../api/queries.ts';
import { authKeys } from '../../api/query-keys.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { AuthLayout } from './auth-layout.tsx';

const FIELDS = ZSignupRequest.shape;

function searchByLabel(input: string, option?: { label?: unknown }): boolean {
  return String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}

/**
 * /signup (issue 2): creates a church and its administrator. Choosing a country pre-selects
 * its currency. Field errors of a 400 answer are shown on the fields.
 */
export function SignUpPage() {
  const [form] = Form.useForm<TSignupRequest>();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const countries = useCountries();
  const currencies = useCurrencies();

  const countryOptions = useMemo(
    () =>
      (countries.data ?? [])
        .map((c) => ({ value: c.code, label: c.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [countries.data],
  );
  const currencyOptions = useMemo(
    () =>
      (currencies.data ?? [])
        .map((c) => ({ value: c.shortCode, label: `${c.shortCode} - ${c.country}` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [currencies.data],
  );

  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: authKeys.all });
      await navigate('/tenant', { replace: true });
    },
    onError: (err) => {
      if (err instanceof HttpError && err.fieldErrors.length > 0) {
        const known = new Set(Object.keys(FIELDS));
        form.setFields(
          err.fieldErrors
            .filter((f) => known.has(f.field))
            .map((f) => ({ name: f.field as keyof TSignupRequest, errors: [f.message] })),
        );
      }
    },
  });

  const onCountryChange = (code: string) => {
    const currency = countries.data?.find((c) => c.code === code)?.currency;
    if (currency && currencies.data?.some((c) => c.shortCode === currency)) form.setFieldValue('currency', currency);
  };

  const err = mutation.error;
  const unplacedError =
    err instanceof NetworkError
      ? MESSAGES.networkDisrupted
      : err instanceof HttpError
        ? err.fieldErrors.some((f) => f.field in FIELDS)
          ? null
          : (err.serverMessage ?? 'Sign up failed, please try again')
        : err
          ? 'Sign up failed, please try again'
          : null;

  return (
    <AuthLayout title="Create your church account" subtitle="Set up Steward for your church in a minute." width={560}>
      {unplacedError ? (
        <Alert type="error" showIcon title={unplacedError} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form<TSignupRequest>
        form={form}
        layout="vertical"
        onFinish={(values) => mutation.mutate(values)}
        scrollToFirstError
      >
        <Form.Item label="Church name" name="churchName" required rules={[zodRule(FIELDS.churchName)]}>
          <Input autoComplete="organization" autoFocus />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="Country" name="countryCode" required rules={[zodRule(FIELDS.countryCode)]}>
              <Select
                showSearch={{ filterOption: searchByLabel }}
                options={countryOptions}
                loading={countries.isPending}
                placeholder="Select a country"
                onChange={onCountryChange}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Currency" name="currency" required rules={[zodRule(FIELDS.currency)]}>
              <Select
                showSearch={{ filterOption: searchByLabel }}
                options={currencyOptions}
                loading={currencies.isPending}
                placeholder="Select a currency"
              />
            </Form.Item>
          </Col>
        </Row>
        <h2 style={{ fontSize: 15, fontWeight: 600, color: token.colorTextHeading, margin: '4px 0 12px' }}>
          Administrator
        </h2>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="First name" name="firstName" required rules={[zodRule(FIELDS.firstName)]}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Last name" name="lastName" required rules={[zodRule(FIELDS.lastName)]}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="E-mail" name="email" required rules={[zodRule(FIELDS.email)]}>
              <Input type="email" autoComplete="email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Phone" name="phoneNumber" required rules={[zodRule(FIELDS.phoneNumber)]}>
              <Input type="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Password" name="password" required rules={[zodRule(FIELDS.password)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
          Create account
        </Button>
      </Form>
      <p style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link to="/signin" style={{ color: token.colorLink, textDecoration: 'none' }}>
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
