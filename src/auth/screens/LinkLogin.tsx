import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../AuthShell';
import { authApi } from '../authApi';
import { Field, FormError, SubmitButton } from '../form/Field';
import { errorText } from '../form/serverErrors';
import { FIELD_RULES, normaliseCode } from '../form/rules';
import { useForm } from '../form/useForm';
import { afterLogin } from '../redirects';
import { session, type SessionUser } from '../session';

const CODE_RULES = { twoFactorAuthCode: FIELD_RULES.twoFactorAuthCode };

type State = { status: 'checking' } | { status: 'code' } | { status: 'done' } | { status: 'failed'; message: string };

/** /login/link/?token=…: the emailed one-time sign-in link; asks for the two-factor code when the account has 2FA on. */
export function LinkLoginScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { status: 'checking' } : { status: 'failed', message: 'This sign-in link is invalid or has expired.' });
  const code = useForm({ rules: CODE_RULES });
  const started = useRef<string | null>(null);

  const signedIn = (user: SessionUser) => {
    setState({ status: 'done' });
    session.set(user);
    void navigate(afterLogin(user, null), { replace: true });
  };

  useEffect(() => {
    // Single-use links: one request per token, even when effects run twice.
    if (!token || started.current === token) return;
    started.current = token;
    authApi
      .linkLogin({ token })
      .then((answer) => (answer.twoFactorRequired ? setState({ status: 'code' }) : signedIn(answer.user)))
      .catch((error: unknown) => setState({ status: 'failed', message: errorText(error) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per token
  }, [token]);

  const submitCode = code.onSubmit(async ({ twoFactorAuthCode }) => {
    const answer = await authApi.linkLogin({ token, twoFactorAuthCode: normaliseCode(twoFactorAuthCode) });
    if (answer.user) signedIn(answer.user);
  });

  if (state.status === 'checking' || state.status === 'done') {
    return (
      <AuthShell title="Signing you in">
        <p className="auth-loading" role="status">
          <span className="pod-spinner" aria-hidden="true" /> {state.status === 'done' ? "You're signed in. Taking you there…" : 'Checking your sign-in link…'}
        </p>
      </AuthShell>
    );
  }
  if (state.status === 'failed') {
    return (
      <AuthShell title="Sign-in link">
        <FormError message={state.message} />
        <p>
          Links work once, for 15 minutes. <Link to="/login/">Back to sign in</Link> to ask for a new one.
        </p>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Two-factor authentication" intro={<p>Enter the six-digit code from your authenticator app to finish signing in.</p>}>
      <form onSubmit={submitCode} noValidate aria-label="Two-factor sign in">
        <FormError message={code.formError} />
        <Field field={code.field('twoFactorAuthCode')} label="Authentication code" className="auth-field__input--code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
        <SubmitButton busy={code.submitting} busyText="Checking…">
          Verify and sign in
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
