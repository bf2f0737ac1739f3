import { type SignInRequest, SignInRequestSchema } from '@console/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useMe } from '../../../lib/me.ts';
import { useSignIn } from '../api/sign-in.ts';

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
  const form = useForm<SignInRequest>({
    resolver: zodResolver(SignInRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  if (me.data) return <Navigate to={next} replace />;

  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, { onSuccess: () => navigate(next, { replace: true }) }),
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
