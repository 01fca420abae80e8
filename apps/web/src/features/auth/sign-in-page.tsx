import { AUTH_FIELD_MESSAGES as M, SIGN_IN_MAX_CHARS } from '@steward/contracts/auth-constants';
import { MESSAGES } from '@steward/contracts/messages';
import { useId, useRef, useState, type ComponentPropsWithRef, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { HttpError, NetworkError, send } from '../../api/http.ts';
import { queryClient } from '../../app/query-client.ts';
import { AuthLayout } from './auth-layout.tsx';

/*
 * The sign-in page is plain React and CSS (issue 7 'Speed': under 150 KB of JavaScript): no
 * antd, no zod, no TanStack Query. It looks like the antd form it replaces (auth.css).
 */

interface SignInValues {
  email: string;
  password: string;
}
type FieldName = keyof SignInValues;
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * The checks of the contract's ZLoginRequest (packages/contracts/src/auth.ts), with its
 * messages, restated without zod: the e-mail is required once trimmed, the password is
 * required, each at most SIGN_IN_MAX_CHARS characters. The server checks the same again.
 */
function checkField(name: FieldName, value: string): string | undefined {
  if (name === 'email') {
    const email = value.trim();
    if (email === '') return M.signInEmail;
    if (email.length > SIGN_IN_MAX_CHARS) return M.emailTooLong;
    return undefined;
  }
  if (value === '') return M.signInPassword;
  if (value.length > SIGN_IN_MAX_CHARS) return M.passwordTooLong;
  return undefined;
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

/** The eye icons of antd's Input.Password (@ant-design/icons EyeOutlined, EyeInvisibleOutlined). */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="64 64 896 896" aria-hidden focusable="false">
      {open ? (
        <path d="M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z" />
      ) : (
        <>
          <path d="M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z" />
          <path d="M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z" />
        </>
      )}
    </svg>
  );
}

/** antd's CloseCircleFilled, the icon of an error Alert. */
function ErrorIcon() {
  return (
    <svg viewBox="64 64 896 896" aria-hidden focusable="false" fillRule="evenodd">
      <path d="M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z" />
    </svg>
  );
}

/**
 * /signin: e-mail and password. A field is checked as it changes and on submit (Enter submits);
 * 401 and 429 show the server's message in an alert. After sign-in: the signed-in user's cached
 * answers are dropped and the user goes to the /tenant page the guard sent them from (else the
 * dashboard).
 */
export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: checkField(name, value) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found: FieldErrors = {
      email: checkField('email', values.email),
      password: checkField('password', values.password),
    };
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((f) => found[f]);
    if (firstInvalid) {
      inputs[firstInvalid].current?.focus();
      return;
    }
    setPending(true);
    setServerError(null);
    try {
      await send('/login', {
        method: 'POST',
        body: { userName: values.email.trim(), password: values.password },
        allowUnauthorized: true,
      });
    } catch (err) {
      setServerError(errorText(err));
      setPending(false);
      return;
    }
    queryClient.forgetCurrentUser();
    await navigate(returnPath(location.state), { replace: true });
  };

  const field = (name: FieldName, label: string, input: (props: InputProps) => ReactNode) => {
    const error = errors[name];
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    return (
      <div className={error ? 'auth-field has-error' : 'auth-field'}>
        <label className="auth-label" htmlFor={inputId}>
          {label}
        </label>
        {input({
          id: inputId,
          ref: inputs[name],
          className: 'auth-input',
          value: values[name],
          onChange: (e) => change(name, e.target.value),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
        {error ? (
          <div id={errorId} className="auth-field-error">
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to manage your church's finances.">
      {serverError ? (
        <div className="auth-alert" role="alert">
          <ErrorIcon />
          <span>{serverError}</span>
        </div>
      ) : null}
      <form noValidate onSubmit={(e) => void submit(e)}>
        {field('email', 'E-mail', (props) => (
          <div className="auth-input-wrap">
            <input {...props} type="email" autoComplete="username" autoFocus />
          </div>
        ))}
        {field('password', 'Password', (props) => (
          <div className="auth-input-wrap">
            <input {...props} type={showPassword ? 'text' : 'password'} autoComplete="current-password" />
            <button
              type="button"
              className="auth-eye"
              aria-pressed={showPassword}
              onClick={() => setShowPassword((s) => !s)}
            >
              <EyeIcon open={showPassword} />
              {/* its name as text, not aria-label: getByLabel('Password') finds the input alone */}
              <span className="auth-visually-hidden">Show password</span>
            </button>
          </div>
        ))}
        <button type="submit" className="auth-submit" aria-busy={pending}>
          {pending ? <span className="auth-spinner" aria-hidden /> : null}
          Sign in
        </button>
      </form>
      <p className="auth-switch">
        New to Steward?{' '}
        <Link to="/signup" className="auth-link">
          Create an account
        </Link>
      </p>
      <p className="auth-demo">Demo: admin@grace.example / stewardship</p>
    </AuthLayout>
  );
}

type InputProps = ComponentPropsWithRef<'input'>;
