import { useState } from 'react';
import { Link } from 'react-router';
import { AuthShell, Notice } from '../AuthShell';
import { authApi } from '../authApi';
import { Field, FormError, SubmitButton } from '../form/Field';
import { FIELD_RULES } from '../form/rules';
import { useForm } from '../form/useForm';

const RULES = { email: FIELD_RULES.email };
export const RESET_REQUESTED = "If that address has an account, we've sent a link to reset the password.";

/** /forgot-password/: asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const form = useForm({ rules: RULES });
  const [done, setDone] = useState<string | null>(null);
  const submit = form.onSubmit(async ({ email }) => {
    const answer = await authApi.requestReset(email.trim());
    setDone(answer.message || RESET_REQUESTED);
  });
  if (done) {
    return (
      <AuthShell title="Check your inbox">
        <Notice>
          <p>{done}</p>
        </Notice>
        <p>The link works for 60 minutes. <Link to="/login/">Back to sign in</Link></p>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Reset your password" intro={<p>Enter your email address and we'll send you a link to choose a new password.</p>}>
      <form onSubmit={submit} noValidate aria-label="Reset your password">
        <FormError message={form.formError} />
        <Field field={form.field('email')} label="Email address" type="email" autoComplete="email" inputMode="email" />
        <SubmitButton busy={form.submitting} busyText="Sending…">
          Send reset link
        </SubmitButton>
      </form>
      <div className="auth-links">
        <Link to="/login/">Back to sign in</Link>
      </div>
    </AuthShell>
  );
}
