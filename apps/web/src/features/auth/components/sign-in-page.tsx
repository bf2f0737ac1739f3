import { browserLabel, type Me, type SignInRequest, SignInRequestSchema } from '@console/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api.ts';
import { whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { useSecondFactor, useSignIn } from '../api/sign-in.ts';

/** A previous sign-in from a browser the person had not used before: said at once, for them to check (decision 028). */
function tellPreviousSignIn(me: Me) {
  const previous = me.previous_sign_in;
  if (!previous) return;
  notify(
    'Check your previous sign-in',
    `${whenLocal(previous.at)}, ${browserLabel(previous.browser)}${previous.address ? ` at ${previous.address}` : ''}: a browser you had not used before. Not you? Change your password and sign out everywhere else.`,
    { link: { to: '/account', label: 'Your account' }, sticky: true },
  );
}

/** Only paths inside the console are followed after sign-in. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/flights';
}

export function SignInPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const me = useMe();
  const signIn = useSignIn();
  const [secondStep, setSecondStep] = useState(false);
  const form = useForm<SignInRequest>({
    resolver: zodResolver(SignInRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  if (me.data) return <Navigate to={next} replace />;

  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (answer) => {
        if ('second_factor' in answer) setSecondStep(true);
        else {
          tellPreviousSignIn(answer);
          void navigate(next, { replace: true });
        }
      },
    }),
  );

  if (secondStep)
    return (
      <main className="sign-in">
        <div className="card sign-in-card">
          <h1>Booking console</h1>
          <SecondStep
            onDone={(me) => {
              tellPreviousSignIn(me);
              void navigate(next, { replace: true });
            }}
            onRestart={() => {
              setSecondStep(false);
              form.setValue('password', '');
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
        {params.get('expired') === '1' && (
          <div role="status" className="notice">
            Your sign-in ended. Sign in again to carry on where you were.
          </div>
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

/** The second step of a sign-in: a code from the authenticator app, or a recovery code (decision 029). */
function SecondStep({ onDone, onRestart }: { onDone: (me: Me) => void; onRestart: () => void }) {
  const check = useSecondFactor();
  const [method, setMethod] = useState<'totp' | 'recovery_code'>('totp');
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
      <p className="muted">
        {method === 'totp'
          ? 'Enter the six-digit code your authenticator app shows for the Booking console.'
          : 'Enter one of the recovery codes you saved. Each works once.'}
      </p>
      <TextField
        key={method}
        label={method === 'totp' ? 'Code from your app' : 'Recovery code'}
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        inputMode={method === 'totp' ? 'numeric' : 'text'}
        autoFocus
      />
      {check.error && !expired && <ErrorNotice error={check.error} title="Not signed in yet" />}
      {expired && (
        <div role="alert" className="notice notice-error">
          <p>The sign-in waited too long for its code, or had too many wrong ones.</p>
          <button type="button" className="button" onClick={onRestart}>
            Sign in again
          </button>
        </div>
      )}
      <button type="submit" className="button primary" disabled={check.isPending || expired}>
        {check.isPending ? 'Checking…' : 'Continue'}
      </button>
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
    </form>
  );
}
