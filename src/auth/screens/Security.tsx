import { useState } from 'react';
import { Link } from 'react-router';
import { hasDashboardAccess } from '../../core/access';
import { AuthShell, Notice } from '../AuthShell';
import { authApi } from '../authApi';
import { ConfirmPasswordProvider, useSensitiveCall } from '../ConfirmPassword';
import { Field, FormError, SubmitButton } from '../form/Field';
import { FIELD_RULES, normaliseCode, PASSWORD_CONFIRMATION_MESSAGE, PASSWORD_MIN_LENGTH } from '../form/rules';
import { errorText } from '../form/serverErrors';
import { useForm } from '../form/useForm';
import { session, useSession, type SessionUser } from '../session';
import { SignOutButton } from './SignOut';
import { snackbar } from '../../app/Snackbar';
import { confirmOverlay } from '../../app/overlays/overlayStore';

/** /account/security/: password change and two-factor authentication (set-up, recovery codes, turning off). */
export function SecurityScreen() {
  const { user } = useSession({ load: 'always' });
  return (
    <ConfirmPasswordProvider>
      <AuthShell title="Account security" intro={user ? <p>Signed in as {user.email}</p> : undefined}>
        {user ? (
          <>
            <TwoFactorSection user={user} />
            <ChangePasswordSection />
          </>
        ) : (
          <p className="auth-loading" role="status">
            <span className="pod-spinner" aria-hidden="true" /> Loading your account…
          </p>
        )}
        <div className="auth-toolbar">
          {user && hasDashboardAccess(user) ? <Link to="/dashboard/">Back to your dashboard</Link> : <Link to="/">Back to the store</Link>}
          {user && <Link to="/order-history/">My orders</Link>}
          <SignOutButton />
        </div>
      </AuthShell>
    </ConfirmPasswordProvider>
  );
}

const PASSWORD_RULES = { currentPassword: FIELD_RULES.currentPassword, password: FIELD_RULES.newPassword, password_confirmation: FIELD_RULES.required };
const passwordsMatch = (v: { password: string; password_confirmation: string }) =>
  v.password_confirmation !== '' && v.password_confirmation !== v.password ? { password_confirmation: PASSWORD_CONFIRMATION_MESSAGE } : {};

function ChangePasswordSection() {
  const sensitive = useSensitiveCall();
  const form = useForm({ rules: PASSWORD_RULES, cross: passwordsMatch });
  const [done, setDone] = useState(false);
  const submit = form.onSubmit(async (v) => {
    setDone(false);
    await sensitive(() => authApi.changePassword(v));
    form.reset();
    setDone(true);
  });
  return (
    <section className="auth-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      {done && (
        <Notice>
          <p>Your password has been changed. Other devices have been signed out.</p>
        </Notice>
      )}
      <form onSubmit={submit} noValidate aria-label="Change password">
        <FormError message={form.formError} />
        <Field field={form.field('currentPassword')} label="Current password" type="password" autoComplete="current-password" />
        <Field field={form.field('password')} label="New password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters, not starting or ending with a space.`} />
        <Field field={form.field('password_confirmation')} label="Confirm new password" type="password" autoComplete="new-password" />
        <SubmitButton busy={form.submitting} busyText="Saving…">
          Change password
        </SubmitButton>
      </form>
    </section>
  );
}

export const TWO_FACTOR_OFF = 'Two-factor authentication is now off.';
export const CODES_COPIED = 'Copied to the clipboard.';
export const CODES_COPY_FAILED = 'Copying failed; select the codes and copy them by hand.';

type Setup = { secret: string; otpauthUrl: string; qrSvg: string };
type TwoFactorView = { kind: 'idle' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[]; reason: 'enabled' | 'regenerated' };

/** The server's QR code as an image: an SVG data URL is never parsed into the page (no innerHTML). */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

function TwoFactorSection({ user }: { user: SessionUser }) {
  const sensitive = useSensitiveCall();
  const [view, setView] = useState<TwoFactorView>({ kind: 'idle' });
  const [busy, setBusy] = useState<null | 'setup' | 'disable' | 'regenerate'>(null);
  const [message, setMessage] = useState<string | null>(null);

  const run = async (which: 'setup' | 'disable' | 'regenerate', action: () => Promise<void>) => {
    setBusy(which);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      const text = errorText(error);
      if (text) setMessage(text);
    } finally {
      setBusy(null);
    }
  };
  const startSetup = () =>
    run('setup', async () => {
      const setup = await sensitive(() => authApi.setupTwoFactor());
      setView({ kind: 'setup', setup });
    });
  const disable = async () => {
    const yes = await confirmOverlay({
      title: 'Turn off two-factor authentication?',
      text: 'Signing in will ask only for your password, and your recovery codes stop working.',
      confirmLabel: 'Turn it off',
      cancelLabel: 'Keep it on',
      danger: true,
    });
    if (!yes) return;
    await run('disable', async () => {
      await sensitive(() => authApi.disableTwoFactor());
      await session.refresh();
      setView({ kind: 'idle' });
      snackbar.push({ code: '2fa-off', text: TWO_FACTOR_OFF, kind: 'success' });
    });
  };
  const regenerate = async () => {
    const yes = await confirmOverlay({
      title: 'Regenerate recovery codes?',
      text: 'Your current recovery codes stop working as soon as the new ones are made.',
      confirmLabel: 'Regenerate codes',
      cancelLabel: 'Keep my codes',
      danger: true,
    });
    if (!yes) return;
    await run('regenerate', async () => {
      const { recoveryCodes } = await sensitive(() => authApi.regenerateRecoveryCodes());
      setView({ kind: 'codes', codes: recoveryCodes, reason: 'regenerated' });
    });
  };

  return (
    <section className="auth-section" aria-labelledby="twofactor-heading">
      <h2 id="twofactor-heading">Two-factor authentication</h2>
      {message && <FormError message={message} />}
      {view.kind === 'codes' ? (
        <RecoveryCodes codes={view.codes} reason={view.reason} onDone={() => setView({ kind: 'idle' })} />
      ) : view.kind === 'setup' ? (
        <SetupTwoFactor
          setup={view.setup}
          onCancel={() => setView({ kind: 'idle' })}
          onEnabled={(codes) => {
            setView({ kind: 'codes', codes, reason: 'enabled' });
            void session.refresh();
          }}
        />
      ) : user.twoFactorEnabled ? (
        <>
          <p>
            <strong>Two-factor authentication is on.</strong> Signing in asks for a code from your authenticator app.
          </p>
          <div className="auth-actions">
            <button type="button" className="pod-button pod-button--secondary" onClick={() => void regenerate()} disabled={busy !== null} aria-busy={busy === 'regenerate' || undefined}>
              {busy === 'regenerate' && <span className="pod-spinner" aria-hidden="true" />}
              Regenerate recovery codes
            </button>
            <button type="button" className="pod-button pod-button--warning" onClick={() => void disable()} disabled={busy !== null} aria-busy={busy === 'disable' || undefined}>
              {busy === 'disable' && <span className="pod-spinner" aria-hidden="true" />}
              Turn off two-factor authentication
            </button>
          </div>
        </>
      ) : (
        <>
          {user.force2fa && (
            <Notice tone="warning">
              <p>Your store requires two-factor authentication. Please turn it on.</p>
            </Notice>
          )}
          <p>Add a second step to signing in: a six-digit code from an authenticator app on your phone.</p>
          <button type="button" className="pod-button pod-button--primary" onClick={startSetup} disabled={busy !== null} aria-busy={busy === 'setup' || undefined}>
            {busy === 'setup' && <span className="pod-spinner" aria-hidden="true" />}
            Set up two-factor authentication
          </button>
        </>
      )}
    </section>
  );
}

const CODE_RULES = { code: FIELD_RULES.twoFactorAuthCode };

function SetupTwoFactor({ setup, onEnabled, onCancel }: { setup: Setup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const sensitive = useSensitiveCall();
  const form = useForm({ rules: CODE_RULES });
  const submit = form.onSubmit(async ({ code }) => {
    const { recoveryCodes } = await sensitive(() => authApi.enableTwoFactor(normaliseCode(code)));
    onEnabled(recoveryCodes);
  });
  return (
    <div className="auth-form">
      <ol>
        <li>Scan this QR code with an authenticator app, or type the key below into it.</li>
        <li>Enter the six-digit code the app shows.</li>
      </ol>
      <img className="auth-qr" src={svgDataUrl(setup.qrSvg)} alt="QR code for your authenticator app" width={200} height={200} />
      <p className="auth-field__label" id="totp-secret-label">
        Set-up key
      </p>
      <code className="auth-secret" aria-labelledby="totp-secret-label" data-testid="totp-secret">
        {setup.secret}
      </code>
      <form onSubmit={submit} noValidate aria-label="Confirm two-factor authentication">
        <FormError message={form.formError} />
        <Field field={form.field('code')} label="Authentication code" className="auth-field__input--code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
        <SubmitButton busy={form.submitting} busyText="Checking…">
          Turn on two-factor authentication
        </SubmitButton>
      </form>
      <button type="button" className="auth-link-button" onClick={onCancel} disabled={form.submitting}>
        Cancel
      </button>
    </div>
  );
}

/** The recovery codes, shown once: copy them, download them, then they are gone from the screen. */
export function RecoveryCodes({ codes, reason, onDone }: { codes: string[]; reason: 'enabled' | 'regenerated'; onDone: () => void }) {
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      snackbar.push({ code: 'recovery-codes-copied', text: CODES_COPIED, kind: 'success' });
    } catch {
      snackbar.push({ code: 'recovery-codes-copy-failed', text: CODES_COPY_FAILED, kind: 'error' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className="auth-form">
      <Notice>
        <p>{reason === 'enabled' ? 'Two-factor authentication is on.' : 'New recovery codes are ready; the old ones no longer work.'}</p>
      </Notice>
      <p>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. <strong>They will not be shown again.</strong>
      </p>
      <ul className="auth-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="auth-actions">
        <button type="button" className="pod-button pod-button--secondary" onClick={copy}>
          Copy codes
        </button>
        <button type="button" className="pod-button pod-button--secondary" onClick={download}>
          Download codes
        </button>
      </div>
      <button type="button" className="pod-button pod-button--primary pod-button--block" onClick={onDone}>
        I've saved my recovery codes
      </button>
    </div>
  );
}
