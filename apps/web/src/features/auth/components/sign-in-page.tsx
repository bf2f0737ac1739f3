import { browserLabel, type Me, type SignInRequest, SignInRequestSchema } from '@console/contract';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { useAgentWords } from '../../../lib/agent-words-lazy.ts';
import { ApiError } from '../../../lib/api.ts';
import { whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { passkeysSupported } from '../../../lib/passkeys.ts';
import { useForm, zodResolver } from '../../../lib/use-form.ts';
import { wayBackFor } from '../../../lib/way-back.ts';
import {
  usePasskeySignIn,
  usePendingSecondStep,
  useSecondFactor,
  useSignIn,
  useSignInOptions,
} from '../api/sign-in.ts';
import './sign-in-page.css';

type Method = 'passkey' | 'totp' | 'recovery_code';
/** What single sign-on's way back may say went wrong (`/sign-in?sso=…`). */
const SSO_PROBLEMS = ['unknown_identity', 'identity_not_connected', 'single_sign_on_failed'] as const;

/**
 * A previous sign-in from a browser the person had not used before (decision 028), and notices of what changed on
 * their account (decision 035): said at once, for them to check.
 */
function tellPreviousSignIn(me: Me) {
  if (me.security_notices)
    notify(
      'Check what changed on your account',
      me.security_notices === 1
        ? 'One thing changed on your account since you last looked: a way to sign in was added, or someone tried wrong passwords or codes.'
        : `${me.security_notices} things changed on your account since you last looked: ways to sign in added, or wrong passwords or codes tried.`,
      { link: { to: '/account', label: 'Your account' }, sticky: true },
    );
  const previous = me.previous_sign_in;
  if (!previous) return;
  notify(
    'Check your previous sign-in',
    `${whenLocal(previous.at)}, ${browserLabel(previous.browser)}${previous.address ? ` at ${previous.address}` : ''}: a browser you had not used before. Not you? Change your password and sign out everywhere else.`,
    { link: { to: '/account', label: 'Your account' }, sticky: true },
  );
}

export function SignInPage() {
  const [params] = useSearchParams();
  // Followed only within the same sign-in attempt, for the person it was made for (decision 042).
  const next = (userId: string) => wayBackFor(params.get('next'), userId);
  const navigate = useNavigate();
  const me = useMe();
  const signIn = useSignIn();
  const options = useSignInOptions();
  const passkey = usePasskeySignIn();
  // Single sign-on comes back to `?step=second-factor` when the console asks for its own second step.
  const fromProvider = params.get('step') === 'second-factor';
  const pendingStep = usePendingSecondStep(fromProvider && !me.data);
  const [secondStep, setSecondStep] = useState<Method[] | null>(null);
  const ssoProblem = SSO_PROBLEMS.find((code) => code === params.get('sso'));
  const lexicon = useAgentWords();
  const form = useForm<SignInRequest>({
    resolver: zodResolver(SignInRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  if (me.data) return <Navigate to={next(me.data.user.id)} replace />;

  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (answer) => {
        if ('second_factor' in answer) setSecondStep(answer.second_factor.methods);
        else {
          tellPreviousSignIn(answer);
          void navigate(next(answer.user.id), { replace: true });
        }
      },
    }),
  );

  const methods = secondStep ?? pendingStep.data?.second_factor.methods ?? null;
  const done = (signedIn: Me) => {
    tellPreviousSignIn(signedIn);
    void navigate(next(signedIn.user.id), { replace: true });
  };
  if (methods)
    return (
      <main className="sign-in">
        <div className="card sign-in-card">
          <h1>Booking console</h1>
          <SecondStep
            methods={methods}
            onDone={done}
            onRestart={() => {
              setSecondStep(null);
              form.setValue('password', '');
              if (fromProvider) void navigate('/sign-in', { replace: true });
            }}
          />
        </div>
      </main>
    );

  return (
    <main className="sign-in">
      <div className="card sign-in-card">
        <h1>Booking console</h1>
        <p className="muted">Sign in with your office account.</p>
        {params.get('not_me') === '1' && (
          <div role="status" className="notice">
            You are signed out everywhere, and what was added is removed. Sign in, change your password and
            tell your office admin.
          </div>
        )}
        {params.get('expired') === '1' && (
          <div role="status" className="notice">
            Your sign-in ended. Sign in again to carry on where you were.
          </div>
        )}
        {ssoProblem && lexicon && (
          <div role="alert" className="notice notice-error">
            <strong>{lexicon.AGENT_WORDS[ssoProblem].say}</strong>
            <p className="muted">{lexicon.AGENT_WORDS[ssoProblem].todo}</p>
          </div>
        )}
        {fromProvider && pendingStep.error && lexicon && (
          <div role="alert" className="notice notice-error">
            {lexicon.AGENT_WORDS.second_factor_expired.say} {lexicon.AGENT_WORDS.second_factor_expired.todo}
          </div>
        )}
        {(passkeysSupported() || options.data?.single_sign_on) && (
          <section className="stack" aria-label="Other ways to sign in">
            {passkeysSupported() && (
              <button
                type="button"
                className="button"
                disabled={passkey.isPending}
                onClick={() => passkey.mutate(undefined, { onSuccess: done })}
              >
                {passkey.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
              </button>
            )}
            {passkey.error && <ErrorNotice error={passkey.error} title="Not signed in" />}
            {options.data?.single_sign_on && (
              <a className="button" href={options.data.single_sign_on.url}>
                Sign in with {options.data.single_sign_on.name}
              </a>
            )}
            <p className="muted small or-line">or with your password</p>
          </section>
        )}
        <form onSubmit={(event) => void submit(event)} className="stack" noValidate>
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
          />
          <FormTextField
            control={form.control}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
          />
          {signIn.error && <ErrorNotice error={signIn.error} title="Could not sign in" />}
          <button type="submit" className="button primary" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </div>
    </main>
  );
}

/**
 * The second step of a sign-in: a passkey, a code from the authenticator app, or a recovery code (decisions 029,
 * 031), offered as the person has them.
 */
function SecondStep({
  methods,
  onDone,
  onRestart,
}: {
  methods: Method[];
  onDone: (me: Me) => void;
  onRestart: () => void;
}) {
  const check = useSecondFactor();
  const passkey = usePasskeySignIn();
  const [method, setMethod] = useState<'totp' | 'recovery_code'>(
    methods.includes('totp') ? 'totp' : 'recovery_code',
  );
  const withApp = methods.includes('totp');
  const withCodes = methods.some((m) => m !== 'passkey');
  const [code, setCode] = useState('');
  const expired = check.error instanceof ApiError && check.error.code === 'second_factor_expired';
  return (
    <form
      className="stack"
      aria-label="Second step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        check.mutate({ method, code }, { onSuccess: (me) => onDone(me) });
      }}
    >
      {methods.includes('passkey') && (
        <>
          <button
            type="button"
            className="button primary"
            disabled={passkey.isPending}
            onClick={() => passkey.mutate(undefined, { onSuccess: onDone })}
          >
            {passkey.isPending ? 'Waiting for your passkey…' : 'Use your passkey'}
          </button>
          {passkey.error && <ErrorNotice error={passkey.error} title="Not signed in yet" />}
        </>
      )}
      {withCodes && (
        <>
          <p className="muted">
            {method === 'totp'
              ? 'Enter the six-digit code your authenticator app shows for the Booking console.'
              : methods.includes('passkey')
                ? 'Or enter one of the recovery codes you saved. Each works once.'
                : 'Enter one of the recovery codes you saved. Each works once.'}
          </p>
          <TextField
            key={method}
            label={method === 'totp' ? 'Code from your app' : 'Recovery code'}
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            autoFocus={!methods.includes('passkey')}
          />
        </>
      )}
      {check.error && !expired && <ErrorNotice error={check.error} title="Not signed in yet" />}
      {expired && (
        <div role="alert" className="notice notice-error">
          <p>The sign-in waited too long for its code, or had too many wrong ones.</p>
          <button type="button" className="button" onClick={onRestart}>
            Sign in again
          </button>
        </div>
      )}
      {withCodes && (
        <button
          type="submit"
          className={methods.includes('passkey') ? 'button' : 'button primary'}
          disabled={check.isPending || expired}
        >
          {check.isPending ? 'Checking…' : 'Continue'}
        </button>
      )}
      {withApp && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setMethod(method === 'totp' ? 'recovery_code' : 'totp');
            setCode('');
            check.reset();
          }}
        >
          {method === 'totp' ? 'Use a recovery code instead' : 'Use a code from your app instead'}
        </button>
      )}
    </form>
  );
}
