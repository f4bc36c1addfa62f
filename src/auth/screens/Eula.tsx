import { Link, useNavigate } from 'react-router';
import { AuthShell, Notice } from '../AuthShell';
import { authApi } from '../authApi';
import { FormError, SubmitButton } from '../form/Field';
import { FIELD_RULES } from '../form/rules';
import { useForm } from '../form/useForm';
import { nextStep } from '../redirects';
import { session, useSession } from '../session';

const RULES = { accept: FIELD_RULES.required };

/** /sign-up/eula/: the platform terms; accepting them opens the dashboard (§6: login, verified, then signed EULA). */
export function EulaScreen() {
  const navigate = useNavigate();
  const { user } = useSession({ load: 'always' });
  const form = useForm({ rules: RULES });
  const submit = form.onSubmit(async () => {
    const { user: updated } = await authApi.acceptEula();
    session.set(updated);
    void navigate(nextStep(updated), { replace: true });
  });
  if (user?.signedEula) {
    return (
      <AuthShell title="Terms accepted">
        <Notice>
          <p>You've already accepted the terms of service.</p>
        </Notice>
        <Link className="pod-button pod-button--primary pod-button--block" to={nextStep(user)}>
          Continue
        </Link>
      </AuthShell>
    );
  }
  const accept = form.field('accept');
  const { bindInput: bindAccept } = accept;
  return (
    <AuthShell title="Terms of service" intro={<p>Please read and accept the terms before you open your dashboard.</p>}>
      <div className="auth-terms" tabIndex={0} role="region" aria-label="Terms of service text">
        <h2>1. Your store</h2>
        <p>You are responsible for the designs, text and images you publish and for holding the rights to use them. We print each item only after it is ordered.</p>
        <h2>2. Orders and payments</h2>
        <p>We take payment from your customers, produce and ship their orders, and pay you your margin on the schedule shown in your dashboard, less any refunds.</p>
        <h2>3. Content we cannot print</h2>
        <p>We may refuse or remove designs that infringe someone else's rights, are unlawful, or promote hatred or violence, and we may suspend stores that repeatedly publish them.</p>
        <h2>4. Your account</h2>
        <p>Keep your password and two-factor codes safe. You are responsible for what happens in your account; tell us at once if you think someone else has used it.</p>
        <h2>5. Changes</h2>
        <p>We may update these terms. We will tell you about important changes before they apply; continuing to use the dashboard means you accept them.</p>
      </div>
      <form onSubmit={submit} noValidate aria-label="Accept the terms">
        <FormError message={form.formError} />
        <div className={`auth-field${accept.error ? ' auth-field--invalid' : ''}`}>
          <label className="auth-check">
            <input
              ref={(el) => bindAccept(el)}
              type="checkbox"
              name="accept"
              checked={accept.value === 'yes'}
              disabled={accept.disabled}
              aria-invalid={accept.error ? true : undefined}
              aria-describedby={accept.error ? accept.errorId : undefined}
              onChange={(e) => accept.onChange(e.target.checked ? 'yes' : '')}
            />
            <span>I have read and accept the terms of service</span>
          </label>
          {accept.error && (
            <p className="auth-field__error" id={accept.errorId}>
              {accept.error}
            </p>
          )}
        </div>
        <SubmitButton busy={form.submitting} busyText="Saving…">
          Accept and continue
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
