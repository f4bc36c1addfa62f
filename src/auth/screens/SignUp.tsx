import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { VERIFY_URL } from '../../app/guards/decide';
import { AuthShell } from '../AuthShell';
import { authApi } from '../authApi';
import { Field, FormError, SubmitButton } from '../form/Field';
import { FIELD_RULES, PASSWORD_MIN_LENGTH } from '../form/rules';
import { useForm } from '../form/useForm';
import { session } from '../session';

const RULES = { firstName: undefined, lastName: undefined, email: FIELD_RULES.email, password: FIELD_RULES.newPassword };

/** /sign-up/: an account, optionally with its own store (should_have_store = dashboard_access = 1); then email verification. */
export function SignUpScreen() {
  const navigate = useNavigate();
  const form = useForm({ rules: RULES });
  const [ownStore, setOwnStore] = useState(false);
  const submit = form.onSubmit(async (v) => {
    const flag = ownStore ? 1 : 0;
    const { user } = await authApi.signUp({
      email: v.email.trim(),
      password: v.password,
      ...(v.firstName.trim() ? { firstName: v.firstName.trim() } : {}),
      ...(v.lastName.trim() ? { lastName: v.lastName.trim() } : {}),
      should_have_store: flag,
      dashboard_access: flag,
    });
    session.set(user);
    void navigate(VERIFY_URL, { replace: true });
  });
  return (
    <AuthShell title="Create your account" intro={<p>Start selling made-to-order clothing, or keep track of your orders.</p>}>
      <form onSubmit={submit} noValidate aria-label="Create your account">
        <FormError message={form.formError} />
        <div className="auth-row">
          <Field field={form.field('firstName')} label="First name" autoComplete="given-name" />
          <Field field={form.field('lastName')} label="Last name" autoComplete="family-name" />
        </div>
        <Field field={form.field('email')} label="Email address" type="email" autoComplete="email" inputMode="email" />
        <Field field={form.field('password')} label="Password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters, not starting or ending with a space.`} />
        <label className="auth-check">
          <input type="checkbox" checked={ownStore} onChange={(e) => setOwnStore(e.target.checked)} disabled={form.submitting} />
          <span>I want my own store</span>
        </label>
        <SubmitButton busy={form.submitting} busyText="Creating your account…">
          Create account
        </SubmitButton>
      </form>
      <div className="auth-links">
        <span>
          Already have an account? <Link to="/login/">Sign in</Link>
        </span>
      </div>
    </AuthShell>
  );
}
