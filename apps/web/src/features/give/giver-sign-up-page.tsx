import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { giverSignUp } from '../../api/give.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { TextField } from '../../components/public-page/text-field.tsx';
import { GiveLayout } from './give-layout.tsx';
import { saveGiverSession } from './giver-session.ts';
import { GIVE_TEXT as T } from './texts.ts';
import { usePublicForm } from './use-public-form.ts';

/*
 * /signuppayment/:userId (giving spec 2.6; existing-client-api §3.5): a giver account at the
 * church of the payment form `userId` (its tenantID from GET /give). Plain React, the public-page kit and give.css.
 */

interface Values {
  name: string;
  phoneNumber: string;
  email: string;
  password: string;
}
type Errors = Partial<Record<keyof Values, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checks of the contract's ZGiverSignUp, restated without zod (the server checks them again). */
function check(v: Values): Errors {
  const e: Errors = {};
  if (v.name.trim() === '') e.name = 'Enter your full name';
  if (v.email.trim() === '') e.email = 'Enter your e-mail address';
  else if (!EMAIL.test(v.email.trim())) e.email = 'must be an e-mail address';
  if (v.password.length < 8) e.password = v.password === '' ? 'Enter a password' : 'must be at least 8 characters';
  return e;
}

/** Giver sign-up: Full Name, Phone Number, Email address, Password; on success the giver is signed in and back on the giving page. */
export function GiverSignUpPage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const { state, retry } = usePublicForm(userId);
  const form = state.kind === 'ready' ? state.form : null;
  const [values, setValues] = useState<Values>({ name: '', phoneNumber: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<{ title: string; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    phoneNumber: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const change = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !form) return;
    const found = check(values);
    setErrors(found);
    const first = (['name', 'phoneNumber', 'email', 'password'] as const).find((k) => found[k]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setPending(true);
    setAlert(null);
    try {
      const a = await giverSignUp({
        name: values.name.trim(),
        phoneNumber: values.phoneNumber.trim(),
        tenantId: form.tenantID,
        email: values.email.trim(),
        password: values.password,
      });
      if (a.status && a.returnObject?.token) {
        // a new account stays signed in on this browser, as the existing client does (localStorage)
        saveGiverSession(a.returnObject, true);
        await navigate(`/give/${form.id}`, { state: { notice: T.signUpSuccessful } });
        return;
      }
      setAlert({ title: T.signUpStatusFalse, text: a.response });
    } catch (err) {
      if (err instanceof NetworkError) setAlert({ title: 'Network Error', text: T.signInNetwork });
      else if (err instanceof TimeoutError) setAlert({ title: T.timeout, text: 'Please refresh the page' });
      else if (err instanceof HttpError && err.fieldErrors.length) {
        const next: Errors = {};
        for (const fe of err.fieldErrors)
          if (fe.field === 'name' || fe.field === 'email' || fe.field === 'password' || fe.field === 'phoneNumber')
            next[fe.field] = fe.message;
        setErrors(next);
        if (!Object.keys(next).length) setAlert({ title: T.signUpFailed, text: err.serverMessage ?? '' });
      } else
        setAlert({
          title: T.signUpFailed,
          text: err instanceof HttpError ? (err.serverMessage ?? `HTTP ${err.status}`) : String(err),
        });
    }
    setPending(false);
  };

  return (
    <GiveLayout church={form ? { name: form.churchName, logo: form.churchLogo } : null}>
      {userId ? (
        <Link className="pp-link gv-back" to={`/give/${userId}`}>
          ← Give
        </Link>
      ) : null}
      <section className="pp-card gv-auth-card">
        <h1 className="pp-title">Create your giver account</h1>
        <p className="gv-subtitle">
          {form ? `Keep a record of your gifts to ${form.churchName}.` : 'Keep a record of your gifts.'}
        </p>
        <div style={{ height: 16 }} />
        {state.kind === 'notFound' ? (
          <Notice kind="warning">Open this page from your church&rsquo;s giving link to create an account.</Notice>
        ) : null}
        {state.kind === 'failed' ? (
          <Notice kind="error">
            {state.network ? T.networkDisrupted : T.loadFailed}{' '}
            <button type="button" className="pp-link-button" onClick={retry}>
              Try again
            </button>
          </Notice>
        ) : null}
        {alert ? (
          <Notice kind="warning" title={alert.title}>
            {alert.text}
          </Notice>
        ) : null}
        <form noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            label="Full Name"
            type="text"
            autoComplete="name"
            value={values.name}
            onChange={(e) => change('name', e.target.value)}
            error={errors.name}
            inputRef={refs.name}
          />
          <TextField
            label="Phone Number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={values.phoneNumber}
            onChange={(e) => change('phoneNumber', e.target.value)}
            error={errors.phoneNumber}
            inputRef={refs.phoneNumber}
          />
          <TextField
            label="Email address"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
            error={errors.email}
            inputRef={refs.email}
          />
          <TextField
            label="Password"
            password
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            error={errors.password}
            inputRef={refs.password}
          />
          <button type="submit" className="pp-submit" aria-busy={pending} disabled={!form}>
            {pending ? <Spinner /> : null}
            Sign up
          </button>
        </form>
        <p className="gv-switch">
          Already have an account?{' '}
          <Link className="pp-link" to={userId ? `/signinpayment/${userId}` : '/signinpayment'}>
            Sign in now
          </Link>
        </p>
      </section>
    </GiveLayout>
  );
}
