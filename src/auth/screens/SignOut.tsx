import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_URL } from '../../app/guards/decide';
import { authApi } from '../authApi';
import { errorText } from '../form/serverErrors';
import { session } from '../session';

/** §7 logout: the session is wiped and the visitor goes to /login/. */
export function SignOutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signOut = async () => {
    setBusy(true);
    setError(null);
    try {
      await authApi.logout();
      session.set(null);
      void navigate(LOGIN_URL, { replace: true });
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="pod-button pod-button--secondary" onClick={signOut} disabled={busy} aria-busy={busy || undefined}>
        {busy && <span className="pod-spinner" aria-hidden="true" />}
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
      {error && (
        <p className="auth-alert auth-alert--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
