import type { TInitializeDonationInput, TPublicPaymentForm } from '@steward/contracts/donations';
import { useEffect, useId, useMemo, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { initializeDonation } from '../../api/give.ts';
import { HttpError, NetworkError, TimeoutError, type FieldError } from '../../api/http.ts';
import { GatewayLogo } from '../../components/public-page/gateway-logo.tsx';
import { ChurchMark, Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { GiveLayout } from './give-layout.tsx';
import { clearGiverSession, readGiverSession, type GiverSession } from './giver-session.ts';
import { loadDraft, saveDraft, type Draft } from './draft.ts';
import { formatWithSymbol, minorToText, readAmount } from './money.ts';
import { GIVE_TEXT as T } from './texts.ts';
import { usePublicForm } from './use-public-form.ts';

/*
 * The public giving page (issue 10 'Public pages'; existing-client-api §3.3; giving spec 2.14):
 * /give/{paymentFormId} and, without the page chrome, /iframe/{paymentFormId}. Plain React, the
 * public-page kit and give.css, no antd and no zod (issue 10 'Speed': under 150 KB of JavaScript, usable on 3G in
 * under 3 s; measured by apps/server/bench).
 */

type Provider = NonNullable<Draft['provider']>;
const GATEWAY_NAME: Record<Provider, 'Paystack' | 'Flutterwave'> = { paystack: 'Paystack', flutterwave: 'Flutterwave' };

type FieldName = 'name' | 'email' | 'phone' | 'provider' | 'items' | `item:${string}`;
type Errors = Partial<Record<FieldName, string>>;

/**
 * A random RFC 4122 version 4 id (the gift's `orderID`): crypto.randomUUID exists only on
 * secure pages, getRandomValues everywhere (a church's LAN address over plain HTTP).
 */
function newOrderId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;

/** The providers this form offers the visitor (spec 2.14: Paystack only for NGN; each only if the form offers it). */
function offeredProviders(form: TPublicPaymentForm): Provider[] {
  const has = (p: Provider) => form.paymentGateWays.some((g) => g.provider === p);
  const list: Provider[] = [];
  if (has('paystack') && form.currency === 'NGN') list.push('paystack');
  if (has('flutterwave')) list.push('flutterwave');
  return list;
}

/** The message for a failed initialise, and the field it belongs to when the server named one. */
function initialiseError(err: unknown): { field?: FieldName; text: string; network?: boolean } {
  if (err instanceof NetworkError) return { text: `${T.networkDisrupted}. ${T.keptTyped}`, network: true };
  if (err instanceof TimeoutError) return { text: `${T.timeout}. ${T.keptTyped}`, network: true };
  if (err instanceof HttpError) {
    const fe: FieldError | undefined = err.fieldErrors[0];
    if (fe) {
      const m = /^contributionItems\.(\d+)\.amount$/.exec(fe.field);
      if (m) return { field: 'items', text: fe.message };
      if (fe.field === 'email' || fe.field === 'name' || fe.field === 'phone')
        return { field: fe.field, text: fe.message };
      if (fe.field === 'paymentGateway') return { field: 'provider', text: fe.message };
    }
    if (err.status === 404) return { text: T.formNotFound };
    if (err.serverMessage && err.status < 500) return { text: err.serverMessage };
  }
  return { text: T.initialiseFailed };
}

/** The payment form of a loaded form: the items, the giver's details, the chooser and Give. */
function GiveForm({ form, embedded }: { form: TPublicPaymentForm; embedded: boolean }) {
  const id = useId();
  const location = useLocation();
  const decimals = form.currencyDecimals;
  const symbol = form.currencySymbol;
  // no Intl here: see formatWithSymbol
  const money = (minor: bigint) => formatWithSymbol(minor, symbol, decimals);
  const providers = useMemo(() => offeredProviders(form), [form]);
  const [giver, setGiver] = useState<GiverSession | null>(() => {
    const s = readGiverSession();
    return s && s.tenantId === form.tenantID ? s : null;
  });
  const [draft, setDraft] = useState<Draft>(() => {
    const saved = loadDraft(form.id);
    const amounts: Record<string, string> = {};
    for (const item of form.contributionItems) {
      const v = saved?.amounts?.[item.financialContribution.id];
      amounts[item.financialContribution.id] = typeof v === 'string' ? v : '';
    }
    const provider = saved?.provider && providers.includes(saved.provider) ? saved.provider : null;
    return {
      amounts,
      name: saved?.name ?? '',
      email: saved?.email ?? '',
      phone: saved?.phone ?? '',
      anonymous: saved?.anonymous === true,
      provider: provider ?? (providers.length === 1 ? providers[0]! : null),
    };
  });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<{ text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [leaving, setLeaving] = useState<Provider | null>(null);
  // the orderID of the gift and what it was sent with: a retry of the same gift reuses it
  const order = useRef<{ id: string; sent: string | null }>({ id: form.orderId, sent: null });
  const refs = useRef<Partial<Record<FieldName, HTMLElement | null>>>({});
  const alertRef = useRef<HTMLDivElement>(null);
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  // back from the provider's page through the browser's back button (page restored from the
  // back-forward cache): the page is usable again
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) {
        setPending(false);
        setLeaving(null);
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const amounts = useMemo(
    () =>
      form.contributionItems.map((item) => ({
        item,
        read: readAmount(draft.amounts[item.financialContribution.id] ?? '', decimals),
      })),
    [form.contributionItems, draft.amounts, decimals],
  );
  const total = amounts.reduce((s, a) => s + ('minor' in a.read ? a.read.minor : 0n), 0n);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const clearError = (...names: FieldName[]) =>
    setErrors((e) => {
      if (!names.some((n) => e[n])) return e;
      const next = { ...e };
      for (const n of names) delete next[n];
      return next;
    });

  const amountProblem = (text: string): string | undefined => {
    const r = readAmount(text, decimals);
    if ('minor' in r) return undefined;
    if (r.problem === 'tooManyDecimals')
      return decimals === 0 ? `${form.currency} amounts have no decimals` : `Use at most ${decimals} decimals`;
    if (r.problem === 'tooLarge') return 'This amount is too large';
    return T.amountNotNumber;
  };

  /** The checks of the page before anything is sent; the server checks the same again. */
  const validate = (): Errors => {
    const found: Errors = {};
    for (const { item } of amounts) {
      const problem = amountProblem(draft.amounts[item.financialContribution.id] ?? '');
      if (problem) found[`item:${item.financialContribution.id}`] = problem;
    }
    if (!Object.keys(found).length && total <= 0n) found.items = T.noAmount;
    if (!giver) {
      const email = draft.email.trim();
      if (email === '' && !draft.anonymous) found.email = T.emailRequired;
      else if (email !== '' && !EMAIL.test(email)) found.email = T.emailInvalid;
      if (!draft.anonymous && draft.phone.trim() !== '' && !PHONE.test(draft.phone.trim()))
        found.phone = T.phoneInvalid;
    }
    if (!draft.provider) found.provider = providers.length ? T.chooseGateway : T.noGateway;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setAlert(null);
    const found = validate();
    setErrors(found);
    const first = (Object.keys(found) as FieldName[])[0];
    if (first) {
      const el = refs.current[first];
      el?.focus();
      el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    const provider = draft.provider!;
    const items = amounts.flatMap(({ item, read }) =>
      'minor' in read && read.minor > 0n
        ? [
            {
              contributionItemId: item.financialContribution.id,
              contributionItemName: item.financialContribution.name,
              amount: minorToText(read.minor, decimals),
              contributionCurrencyId: form.currencyId,
            },
          ]
        : [],
    );
    const anonymous = !giver && draft.anonymous;
    const body: TInitializeDonationInput = {
      paymentFormId: form.id,
      tenantID: form.tenantID,
      currencyID: form.currencyId,
      contributionItems: items,
      paymentGateway: GATEWAY_NAME[provider],
      isAnonymous: anonymous,
      returnTo: embedded ? 'iframe' : 'give',
      ...(giver
        ? {
            userId: giver.giverId,
            name: giver.name,
            email: giver.email,
            ...(giver.phone ? { phone: giver.phone } : {}),
          }
        : {
            ...(anonymous ? {} : { name: draft.name.trim(), phone: draft.phone.trim() }),
            email: draft.email.trim(),
          }),
    };
    // the same gift sent again (a lost answer) keeps its orderID, so the server answers the first payment
    const identity = JSON.stringify(body);
    if (order.current.sent !== null && order.current.sent !== identity) order.current.id = newOrderId();
    order.current.sent = identity;
    saveDraft(form.id, draft);
    setPending(true);
    try {
      const answer = await initializeDonation({ ...body, orderID: order.current.id }, giver?.giverToken ?? null);
      setLeaving(provider);
      // the provider's hosted checkout, in this window (a phone's browser, or this frame)
      window.location.assign(answer.initializePaymentResponseDTO.data.authorization_url);
    } catch (err) {
      setPending(false);
      const e = initialiseError(err);
      if (e.field) {
        setErrors({ [e.field]: e.text });
        refs.current[e.field]?.focus();
      } else setAlert(e);
    }
  };

  // a new failure message is brought into view and read out (role=alert)
  useEffect(() => {
    if (alert) alertRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [alert]);

  const signOut = () => {
    clearGiverSession();
    setGiver(null);
  };

  const input = (name: 'name' | 'email' | 'phone', label: string, props: ComponentProps<'input'>) => {
    const error = errors[name];
    const inputId = `${id}-${name}`;
    return (
      <div className={error ? 'pp-field has-error' : 'pp-field'}>
        <label className="pp-label" htmlFor={inputId}>
          {label}
        </label>
        <input
          {...props}
          id={inputId}
          ref={(el) => {
            refs.current[name] = el;
          }}
          className="pp-input"
          value={draft[name]}
          onChange={(e) => {
            set(name, e.target.value);
            clearError(name);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        {error ? (
          <div id={`${inputId}-error`} className="pp-field-error">
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <div className="gv-heading">
        {embedded ? <ChurchMark name={form.churchName} logo={form.churchLogo} /> : null}
        <div>
          <h1 className="pp-title">{form.name}</h1>
          <p className="gv-subtitle">
            Give to {form.churchName} in {form.currency}
          </p>
        </div>
      </div>

      {typeof notice === 'string' ? <Notice kind="success">{notice}</Notice> : null}

      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={pending}>
        <section className="pp-card" aria-labelledby={`${id}-items`}>
          <h2 className="pp-section-title" id={`${id}-items`}>
            What would you like to give to?
          </h2>
          {amounts.map(({ item }) => {
            const itemId = item.financialContribution.id;
            const key: FieldName = `item:${itemId}`;
            const error = errors[key];
            const inputId = `${id}-item-${itemId}`;
            return (
              <div key={itemId} className={error ? 'gv-item has-error' : 'gv-item'}>
                <label className="gv-item-name" htmlFor={inputId}>
                  {item.financialContribution.name}
                </label>
                <div className="gv-amount">
                  <span className="gv-amount-symbol" aria-hidden>
                    {symbol}
                  </span>
                  <input
                    id={inputId}
                    ref={(el) => {
                      refs.current[key] = el;
                      if (amounts[0]?.item === item) refs.current.items = el;
                    }}
                    className="pp-input gv-amount-input"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={decimals ? `0.${'0'.repeat(decimals)}` : '0'}
                    value={draft.amounts[itemId] ?? ''}
                    onChange={(e) => {
                      const value = e.target.value;
                      setDraft((d) => ({ ...d, amounts: { ...d.amounts, [itemId]: value } }));
                      clearError(key, 'items');
                    }}
                    onBlur={(e) => {
                      const problem = amountProblem(e.target.value);
                      if (problem) setErrors((x) => ({ ...x, [key]: problem }));
                    }}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                  />
                </div>
                {error ? (
                  <div id={`${inputId}-error`} className="pp-field-error gv-item-error">
                    {error}
                  </div>
                ) : null}
              </div>
            );
          })}
          {errors.items ? (
            <div className="pp-field-error" role="alert">
              {errors.items}
            </div>
          ) : null}
          <div className="gv-total">
            <span>Total</span>
            <strong aria-live="polite" data-testid="give-total">
              {money(total)}
            </strong>
          </div>
        </section>

        <section className="pp-card" aria-labelledby={`${id}-details`}>
          <h2 className="pp-section-title" id={`${id}-details`}>
            Your details
          </h2>
          {giver ? (
            <div className="gv-giver">
              <div>
                Signed in as <strong>{giver.name || giver.email}</strong>
                <div className="pp-muted">{giver.email}</div>
              </div>
              <div className="gv-giver-links">
                <Link className="pp-link" to={`/transactionpage/${form.id}`}>
                  Your Transactions
                </Link>
                <button type="button" className="pp-link-button" onClick={signOut}>
                  Sign out
                </button>
              </div>
            </div>
          ) : (
            <>
              <label className="pp-check">
                <input
                  type="checkbox"
                  checked={draft.anonymous}
                  onChange={(e) => {
                    set('anonymous', e.target.checked);
                    clearError('email', 'name', 'phone');
                  }}
                />
                <span>
                  Give anonymously
                  <span className="pp-muted gv-check-help"> (the church does not see your name)</span>
                </span>
              </label>
              {draft.anonymous ? null : input('name', 'Full Name', { type: 'text', autoComplete: 'name' })}
              {input('email', draft.anonymous ? 'Email address (optional, for your receipt)' : 'Email address', {
                type: 'email',
                autoComplete: 'email',
                inputMode: 'email',
              })}
              {draft.anonymous
                ? null
                : input('phone', 'Phone Number (optional)', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
              <p className="gv-account-links">
                Keep a record of your gifts:{' '}
                <Link className="pp-link" to={`/signinpayment/${form.id}`}>
                  Sign in
                </Link>{' '}
                or{' '}
                <Link className="pp-link" to={`/signuppayment/${form.id}`}>
                  create an account
                </Link>
              </p>
            </>
          )}
        </section>

        <section className="pp-card" aria-labelledby={`${id}-pay`}>
          <h2 className="pp-section-title" id={`${id}-pay`}>
            Continue payment with
          </h2>
          {providers.length ? (
            <div
              className="pp-providers"
              role="radiogroup"
              aria-labelledby={`${id}-pay`}
              aria-invalid={errors.provider ? true : undefined}
            >
              {providers.map((p, n) => (
                <label
                  key={p}
                  className={draft.provider === p ? 'pp-provider gv-provider is-checked' : 'pp-provider gv-provider'}
                >
                  <input
                    type="radio"
                    name={`${id}-provider`}
                    value={p}
                    checked={draft.provider === p}
                    ref={(el) => {
                      if (n === 0) refs.current.provider = el;
                    }}
                    onChange={() => {
                      set('provider', p);
                      clearError('provider');
                    }}
                  />
                  <GatewayLogo name={GATEWAY_NAME[p]} />
                </label>
              ))}
            </div>
          ) : (
            <p className="pp-muted">{T.noGateway}</p>
          )}
          {errors.provider && providers.length ? (
            <div className="pp-field-error" role="alert">
              {errors.provider}
            </div>
          ) : null}
        </section>

        {/* beside the button the visitor has just pressed: on a phone the top of the page is out of view */}
        {alert ? (
          <div ref={alertRef} tabIndex={-1} className="pp-alert-slot">
            <Notice kind="error">{alert.text}</Notice>
          </div>
        ) : null}
        <button type="submit" className="pp-submit" aria-busy={pending} disabled={!providers.length}>
          {pending ? <Spinner /> : null}
          {leaving ? `Opening ${GATEWAY_NAME[leaving]}…` : total > 0n ? `Give ${money(total)}` : 'Give'}
        </button>
        <p className="gv-secure pp-muted">
          You will pay on {draft.provider ? GATEWAY_NAME[draft.provider] : 'the provider'}&rsquo;s secure page, then
          come back here.
        </p>
      </form>
    </>
  );
}

/** The loading placeholder of the giving page: the shapes of the form, no text. */
function GiveSkeleton() {
  return (
    <div className="gv-skeleton" aria-busy="true" aria-label="Loading">
      <div className="gv-sk gv-sk-title" />
      <div className="gv-sk gv-sk-line" />
      <div className="pp-card">
        <div className="gv-sk gv-sk-row" />
        <div className="gv-sk gv-sk-row" />
        <div className="gv-sk gv-sk-row" />
      </div>
      <div className="pp-card">
        <div className="gv-sk gv-sk-row" />
        <div className="gv-sk gv-sk-row" />
      </div>
    </div>
  );
}

/**
 * The giving page of `:userId` (the payment form id): loading placeholder, 'not active', the
 * network failure with Retry, or the form. `embedded`: the /iframe/{id} variant.
 */
function GiveFormPage({ embedded }: { embedded: boolean }) {
  const { userId } = useParams();
  const { state, retry } = usePublicForm(userId);
  const form = state.kind === 'ready' ? state.form : null;

  useEffect(() => {
    if (form) document.title = `${form.name} · ${form.churchName}`;
  }, [form]);

  return (
    <GiveLayout embedded={embedded} church={form ? { name: form.churchName, logo: form.churchLogo } : null}>
      {state.kind === 'loading' ? <GiveSkeleton /> : null}
      {state.kind === 'notFound' ? <Notice kind="warning">{T.formNotFound}</Notice> : null}
      {state.kind === 'failed' ? (
        <div className="gv-state">
          <Notice kind="error">{state.network ? T.networkDisrupted : T.loadFailed}</Notice>
          <button type="button" className="pp-button" onClick={retry}>
            Try again
          </button>
        </div>
      ) : null}
      {form ? <GiveForm form={form} embedded={embedded} /> : null}
    </GiveLayout>
  );
}

/** /give/:userId: the public giving page with the page chrome. */
export function GivePage() {
  return <GiveFormPage embedded={false} />;
}

/** /iframe/:userId: the same page without the chrome, for a 720 by 1190 frame on the church's site. */
export function IframeGivePage() {
  return <GiveFormPage embedded />;
}
