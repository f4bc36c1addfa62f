import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthShell, Notice } from '../AuthShell';
import { authApi } from '../authApi';
import { Field, FormError, SubmitButton } from '../form/Field';
import { FIELD_RULES, PASSWORD_CONFIRMATION_MESSAGE, PASSWORD_MIN_LENGTH } from '../form/rules';
import { useForm } from '../form/useForm';
import { session } from '../session';

const RULES = { password: FIELD_RULES.newPassword, password_confirmation: FIELD_RULES.required };
export const confirmationCheck = (v: { password: string; password_confirmation: string }) =>
  v.password_confirmation !== '' && v.password_confirmation !== v.password ? { password_confirmation: PASSWORD_CONFIRMATION_MESSAGE } : {};

/** /reset-password/?token=: a new password and its confirmation; every session of the account ends. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const form = useForm({ rules: RULES, cross: confirmationCheck });
  const [done, setDone] = useState<string | null>(null);
  const submit = form.onSubmit(async (v) => {
    const answer = await authApi.resetPassword({ token: token ?? '', password: v.password, password_confirmation: v.password_confirmation });
    session.set(null);
    setDone(answer.message || 'Your password has been reset.');
  });
  if (!token) {
    return (
      <AuthShell title="Reset your password">
        <FormError message="This password reset link is incomplete. Ask for a new one." />
        <Link className="pod-button pod-button--primary pod-button--block" to="/forgot-password/">
          Send me a new link
        </Link>
      </AuthShell>
    );
  }
  if (done) {
    return (
      <AuthShell title="Password reset">
        <Notice>
          <p>{done}</p>
        </Notice>
        <Link className="pod-button pod-button--primary pod-button--block" to="/login/">
          Sign in
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Choose a new password">
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <FormError message={form.formError} />
        <Field field={form.field('password')} label="New password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters, not starting or ending with a space.`} />
        <Field field={form.field('password_confirmation')} label="Confirm new password" type="password" autoComplete="new-password" />
        <SubmitButton busy={form.submitting} busyText="Saving…">
          Reset password
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
