import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { AuthShell, Notice } from '../AuthShell';
import { authApi } from '../authApi';
import { Field, FormError, SubmitButton } from '../form/Field';
import { FIELD_RULES, normaliseCode, normaliseRecoveryCode } from '../form/rules';
import { useForm } from '../form/useForm';
import { afterLogin } from '../redirects';
import { session, type SessionUser } from '../session';

const CREDENTIAL_RULES = { email: FIELD_RULES.email, password: FIELD_RULES.currentPassword };
const CODE_RULES = { twoFactorAuthCode: FIELD_RULES.twoFactorAuthCode };
const RECOVERY_RULES = { recoveryCode: FIELD_RULES.recoveryCode };

type Step = 'credentials' | 'code' | 'recovery' | 'done';

/** /login/ (§2.2): email and password, then a six-digit code or a recovery code when 2FA is on; honours ?redirect_uri=. */
export function LoginScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('credentials');
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const creds = useForm({ rules: CREDENTIAL_RULES });
  const code = useForm({ rules: CODE_RULES });
  const recovery = useForm({ rules: RECOVERY_RULES });
  const redirectUri = params.get('redirect_uri');
  // Slowed down (429) or asked for a captcha: the owner can sign in from a link mailed to them instead.
  const [offerLink, setOfferLink] = useState(false);
  const [linkState, setLinkState] = useState<{ status: 'idle' | 'sending' } | { status: 'sent' | 'failed'; message: string }>({ status: 'idle' });
  const sendLink = async () => {
    setLinkState({ status: 'sending' });
    try {
      const answer = await authApi.requestSignInLink(credentials.email);
      setLinkState({ status: 'sent', message: answer.message });
    } catch (error) {
      setLinkState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const signedIn = (user: SessionUser) => {
    setStep('done');
    session.set(user);
    void navigate(afterLogin(user, redirectUri), { replace: true });
  };

  const submitCredentials = creds.onSubmit(async ({ email, password }) => {
    const entered = { email: email.trim(), password };
    setCredentials(entered);
    const answer = await authApi.login(entered).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 429 || error.errors.captcha)) setOfferLink(true);
      throw error;
    });
    if (answer.twoFactorRequired) {
      code.reset();
      recovery.reset();
      setStep('code');
      return;
    }
    signedIn(answer.user);
  });
  const submitCode = code.onSubmit(async ({ twoFactorAuthCode }) => {
    const answer = await authApi.login({ ...credentials, twoFactorAuthCode: normaliseCode(twoFactorAuthCode) });
    if (answer.user) signedIn(answer.user);
  });
  const submitRecovery = recovery.onSubmit(async ({ recoveryCode }) => {
    const answer = await authApi.recoveryLogin({ ...credentials, recoveryCode: normaliseRecoveryCode(recoveryCode) });
    signedIn(answer.user);
  });

  if (step === 'done') {
    return (
      <AuthShell title="Signed in">
        <Notice>
          <p className="auth-loading">
            <span className="pod-spinner" aria-hidden="true" /> You're signed in. Taking you there…
          </p>
        </Notice>
      </AuthShell>
    );
  }

  if (step === 'code' || step === 'recovery') {
    const back = (
      <button type="button" className="auth-link-button" onClick={() => setStep('credentials')} disabled={code.submitting || recovery.submitting}>
        Back to sign in
      </button>
    );
    return step === 'code' ? (
      <AuthShell title="Two-factor authentication" intro={<p>Enter the six-digit code from your authenticator app.</p>}>
        <form onSubmit={submitCode} noValidate aria-label="Two-factor sign in">
          <FormError message={code.formError} />
          <Field
            field={code.field('twoFactorAuthCode')}
            label="Authentication code"
            className="auth-field__input--code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
          />
          <SubmitButton busy={code.submitting} busyText="Checking…">
            Verify and sign in
          </SubmitButton>
        </form>
        <div className="auth-links">
          <button type="button" className="auth-link-button" onClick={() => setStep('recovery')} disabled={code.submitting}>
            Use a recovery code
          </button>
          {back}
        </div>
      </AuthShell>
    ) : (
      <AuthShell title="Use a recovery code" intro={<p>Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.</p>}>
        <form onSubmit={submitRecovery} noValidate aria-label="Sign in with a recovery code">
          <FormError message={recovery.formError} />
          <Field field={recovery.field('recoveryCode')} label="Recovery code" autoComplete="off" spellCheck={false} placeholder="XXXXXXXX-XXXXXXXX" autoFocus />
          <SubmitButton busy={recovery.submitting} busyText="Checking…">
            Sign in
          </SubmitButton>
        </form>
        <div className="auth-links">
          <button type="button" className="auth-link-button" onClick={() => setStep('code')} disabled={recovery.submitting}>
            Use an authentication code
          </button>
          {back}
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Sign in" intro={<p>Welcome back. Sign in to manage your store and your account.</p>}>
      <form onSubmit={submitCredentials} noValidate aria-label="Sign in">
        <FormError message={creds.formError} />
        <Field field={creds.field('email')} label="Email address" type="email" autoComplete="username" inputMode="email" />
        <Field field={creds.field('password')} label="Password" type="password" autoComplete="current-password" />
        <SubmitButton busy={creds.submitting} busyText="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      {offerLink && credentials.email ? (
        <div className="auth-sign-in-link">
          {linkState.status === 'sent' ? (
            <Notice>
              <p>{linkState.message} It works once, for 15 minutes.</p>
            </Notice>
          ) : (
            <>
              {linkState.status === 'failed' ? <FormError message={linkState.message} /> : null}
              <p>Can't sign in from here right now? We can email {credentials.email} a link that signs you in.</p>
              <button type="button" className="pod-button pod-button--secondary pod-button--block" onClick={() => void sendLink()} disabled={linkState.status === 'sending'}>
                {linkState.status === 'sending' ? 'Sending…' : 'Email me a sign-in link'}
              </button>
            </>
          )}
        </div>
      ) : null}
      <div className="auth-links">
        <Link to="/forgot-password/">Forgot your password?</Link>
        <Link to={redirectUri ? `/sign-up/?redirect_uri=${encodeURIComponent(redirectUri)}` : '/sign-up/'}>Create an account</Link>
      </div>
    </AuthShell>
  );
}
