import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { giverResetPassword } from '../../api/give.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { TextField } from '../../components/public-page/text-field.tsx';
import { GiveLayout } from './give-layout.tsx';
import { GIVE_TEXT as T } from './texts.ts';
import { usePublicForm } from './use-public-form.ts';

/*
 * /giver/reset-password?token=…&form=… : the link of the giver's 'Forgot Password?' e-mail
 * (issue 10 'Givers'; the server's giver-service.ts sendResetEmail writes it). A new password
 * twice, then POST /mobile/v1/Account/ResetPassword. Plain React, the public-page kit and give.css.
 */

/** Choose a new password with the e-mailed token; afterwards a link to sign in (to the form's page when known). */
export function GiverResetPasswordPage() {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const formId = query.get('form') ?? undefined;
  const { state } = usePublicForm(formId);
  const form = state.kind === 'ready' ? state.form : null;
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const signIn = formId ? `/signinpayment/${formId}` : '/signinpayment';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = {
      password: password.length < 8 ? 'must be at least 8 characters' : undefined,
      repeat: repeat !== password ? 'The two passwords differ' : undefined,
    };
    setErrors(found);
    if (found.password || found.repeat) return;
    setPending(true);
    setAlert(null);
    try {
      const a = await giverResetPassword({ token, password });
      setDone(a.response || T.resetDone);
    } catch (err) {
      if (err instanceof NetworkError || err instanceof TimeoutError) setAlert(T.signInNetwork);
      else if (err instanceof HttpError && err.fieldErrors.some((f) => f.field === 'password'))
        setErrors({ password: err.fieldErrors.find((f) => f.field === 'password')!.message });
      else if (err instanceof HttpError && err.fieldErrors[0]) setAlert(err.fieldErrors[0].message);
      else setAlert(err instanceof HttpError && err.serverMessage ? err.serverMessage : T.signInOther);
    }
    setPending(false);
  };

  return (
    <GiveLayout church={form ? { name: form.churchName, logo: form.churchLogo } : null}>
      <section className="pp-card gv-auth-card">
        <h1 className="pp-title">Choose a new password</h1>
        <div style={{ height: 16 }} />
        {done ? (
          <>
            <Notice kind="success">{done}</Notice>
            <Link className="pp-button pp-button-primary" to={signIn}>
              Sign in
            </Link>
          </>
        ) : token === '' ? (
          <Notice kind="warning">This link has no reset token: open the link of the e-mail again.</Notice>
        ) : (
          <>
            {alert ? (
              <Notice kind="warning">
                {alert}{' '}
                <Link className="pp-link" to={signIn}>
                  Ask for a new link
                </Link>
              </Notice>
            ) : null}
            <form noValidate onSubmit={(e) => void submit(e)}>
              <TextField
                label="New password"
                password
                autoComplete="new-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setErrors((x) => ({ ...x, password: undefined }));
                }}
                error={errors.password}
              />
              <TextField
                label="Repeat the new password"
                password
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => {
                  setRepeat(e.target.value);
                  setErrors((x) => ({ ...x, repeat: undefined }));
                }}
                error={errors.repeat}
              />
              <button type="submit" className="pp-submit" aria-busy={pending}>
                {pending ? <Spinner /> : null}
                Save the new password
              </button>
            </form>
          </>
        )}
      </section>
    </GiveLayout>
  );
}
