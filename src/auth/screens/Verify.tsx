import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthShell, Notice } from '../AuthShell';
import { authApi } from '../authApi';
import { FormError } from '../form/Field';
import { errorText } from '../form/serverErrors';
import { nextStep } from '../redirects';
import { session, useSession, type SessionUser } from '../session';

type TokenState = { status: 'verifying' } | { status: 'verified'; user: SessionUser | null } | { status: 'failed'; message: string };

/** /sign-up/verify/: ?token= verifies the email; without one, "check your inbox" with a resend button. */
export function VerifyScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <VerifyToken token={token} /> : <CheckInbox />;
}

function VerifyToken({ token }: { token: string }) {
  const [state, setState] = useState<TokenState>({ status: 'verifying' });
  const started = useRef<string | null>(null);
  useEffect(() => {
    // Tokens are single-use: one request per token, even when effects run twice.
    if (started.current === token) return;
    started.current = token;
    authApi
      .verify(token)
      .then(async () => setState({ status: 'verified', user: await session.refresh() }))
      .catch((error: unknown) => setState({ status: 'failed', message: errorText(error) }));
  }, [token]);

  if (state.status === 'verifying') {
    return (
      <AuthShell title="Verifying your email">
        <p className="auth-loading" role="status">
          <span className="pod-spinner" aria-hidden="true" /> Checking your verification link…
        </p>
      </AuthShell>
    );
  }
  if (state.status === 'failed') {
    return (
      <AuthShell title="Verify your email">
        <FormError message={state.message} />
        <p>
          You can ask for a new link from the <Link to="/sign-up/verify/">verification page</Link> once you're signed in.
        </p>
      </AuthShell>
    );
  }
  const next = nextStep(state.user);
  return (
    <AuthShell title="Email verified">
      <Notice>
        <p>Thanks — your email address is verified.</p>
      </Notice>
      <Link className="pod-button pod-button--primary pod-button--block" to={next}>
        {state.user ? 'Continue' : 'Sign in to continue'}
      </Link>
    </AuthShell>
  );
}

function CheckInbox() {
  const { user } = useSession({ load: 'always' });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (user?.verified) {
    return (
      <AuthShell title="Email verified">
        <Notice>
          <p>Your email address is already verified.</p>
        </Notice>
        <Link className="pod-button pod-button--primary pod-button--block" to={nextStep(user)}>
          Continue
        </Link>
      </AuthShell>
    );
  }
  const resend = async () => {
    setSending(true);
    setError(null);
    setSent(null);
    try {
      const answer = await authApi.resendVerification();
      setSent(answer.message || "We've sent you a new verification email.");
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSending(false);
    }
  };
  return (
    <AuthShell
      title="Check your inbox"
      intro={
        <p>
          We've sent a verification link to {user ? <strong>{user.email}</strong> : 'your email address'}. Open it to verify your email and carry on.
        </p>
      }
    >
      {sent && (
        <Notice>
          <p>{sent}</p>
        </Notice>
      )}
      <FormError message={error} />
      <p>Nothing arrived? Check your spam folder, or send the email again.</p>
      <button type="button" className="pod-button pod-button--secondary pod-button--block" onClick={resend} disabled={sending} aria-busy={sending || undefined}>
        {sending && <span className="pod-spinner" aria-hidden="true" />}
        {sending ? 'Sending…' : 'Resend verification email'}
      </button>
    </AuthShell>
  );
}
