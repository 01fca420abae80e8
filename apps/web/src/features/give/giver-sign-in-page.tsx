import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { giverForgotPassword, giverSignIn } from '../../api/give.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { TextField } from '../../components/public-page/text-field.tsx';
import { GiveLayout } from './give-layout.tsx';
import { saveGiverSession } from './giver-session.ts';
import { GIVE_TEXT as T } from './texts.ts';
import { usePublicForm } from './use-public-form.ts';

/*
 * /signinpayment/:userId? ('Sign in to payment', giving spec 2.7; existing-client-api §3.5) and
 * its 'Forgot Password?' request. Plain React, the public-page kit and give.css.
 */

/** The message of a failed sign-in (giving spec §8 'Giver sign-in'). */
function signInError(err: unknown): string {
  if (err instanceof NetworkError || err instanceof TimeoutError) return T.signInNetwork;
  if (err instanceof HttpError && err.serverMessage) return `${T.signInIncorrect}${err.serverMessage}`;
  return T.signInOther;
}

/** 'Forgot Password?': the e-mail, then the server's one answer (the same whether or not the account exists). */
function ForgotPassword({
  formId,
  initialEmail,
  onDone,
}: {
  formId?: string;
  initialEmail: string;
  onDone: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (email.trim() === '') {
      setError('Enter your e-mail address');
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      const a = await giverForgotPassword({ email: email.trim(), ...(formId ? { paymentFormId: formId } : {}) });
      setSent(a.response || T.resetRequested);
    } catch (err) {
      setError(
        err instanceof NetworkError || err instanceof TimeoutError
          ? T.signInNetwork
          : err instanceof HttpError && err.serverMessage
            ? err.serverMessage
            : T.signInOther,
      );
    }
    setPending(false);
  };

  return (
    <section className="pp-card gv-auth-card">
      <h1 className="pp-title">Reset your password</h1>
      <p className="gv-subtitle">We will e-mail you a link to choose a new password.</p>
      <div style={{ height: 16 }} />
      {sent ? (
        <Notice kind="success">{sent}</Notice>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <button type="submit" className="pp-submit" aria-busy={pending}>
            {pending ? <Spinner /> : null}
            Send reset link
          </button>
        </form>
      )}
      <p className="gv-switch">
        <button type="button" className="pp-link-button" onClick={onDone}>
          Back to sign in
        </button>
      </p>
    </section>
  );
}

/** Giver sign-in: Email, Password, 'Keep me signed in', 'Forgot Password?'; on success back to the giving page. */
export function GiverSignInPage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { state } = usePublicForm(userId);
  const form = state.kind === 'ready' ? state.form : null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(true);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [forgot, setForgot] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = {
      email: email.trim() === '' ? 'Enter your e-mail address' : undefined,
      password: password === '' ? 'Enter your password' : undefined,
    };
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setPending(true);
    setAlert(null);
    try {
      const a = await giverSignIn({
        email: email.trim(),
        password,
        keepSignedIn: keep,
        ...(form ? { tenantId: form.tenantID } : {}),
      });
      if (!a.returnObject) {
        setAlert(`${T.signInIncorrect}${a.response}`);
        setPending(false);
        return;
      }
      saveGiverSession(a.returnObject, keep);
      await navigate(userId ? `/give/${userId}` : '/transactionpage', {
        state: { notice: a.response || T.signInSuccessful },
      });
      return;
    } catch (err) {
      setAlert(signInError(err));
    }
    setPending(false);
  };

  return (
    <GiveLayout church={form ? { name: form.churchName, logo: form.churchLogo } : null}>
      {userId ? (
        <Link className="pp-link gv-back" to={`/give/${userId}`}>
          ← Go back to Give
        </Link>
      ) : null}
      {forgot ? (
        <ForgotPassword formId={userId} initialEmail={email} onDone={() => setForgot(false)} />
      ) : (
        <section className="pp-card gv-auth-card">
          <h1 className="pp-title">Sign in to payment</h1>
          <p className="gv-subtitle">
            {form ? `Give to ${form.churchName} and see your gifts.` : 'Sign in to see your gifts.'}
          </p>
          <div style={{ height: 16 }} />
          {typeof notice === 'string' ? <Notice kind="info">{notice}</Notice> : null}
          {alert ? <Notice kind="warning">{alert}</Notice> : null}
          <form noValidate onSubmit={(e) => void submit(e)}>
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="username"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setErrors((x) => ({ ...x, email: undefined }));
              }}
              error={errors.email}
              inputRef={emailRef}
            />
            <TextField
              label="Password"
              password
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setErrors((x) => ({ ...x, password: undefined }));
              }}
              error={errors.password}
              inputRef={passwordRef}
            />
            <div className="gv-row-between">
              <label className="pp-check">
                <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
                <span>Keep me signed in</span>
              </label>
              <button type="button" className="pp-link-button" onClick={() => setForgot(true)}>
                Forgot Password?
              </button>
            </div>
            <button type="submit" className="pp-submit" aria-busy={pending}>
              {pending ? <Spinner /> : null}
              Sign in
            </button>
          </form>
          <p className="gv-switch">
            New here?{' '}
            <Link className="pp-link" to={userId ? `/signuppayment/${userId}` : '/signuppayment'}>
              Create an account
            </Link>
          </p>
        </section>
      )}
    </GiveLayout>
  );
}
