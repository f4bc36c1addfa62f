import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Popup } from '../../blocks/content/Popup';
import { ApiError } from '../lib/api';
import { authApi } from './authApi';
import { Field, FormError, SubmitButton } from './form/Field';
import { FIELD_RULES, normaliseCode, normaliseRecoveryCode } from './form/rules';
import { CancelledError } from './form/serverErrors';
import { useForm } from './form/useForm';
import { session } from './session';
import './auth.css';

/** A sensitive call answered 423 needs a fresh password confirmation (docs/auth-api.md). */
export const isConfirmationRequired = (error: unknown): boolean => error instanceof ApiError && error.status === 423;

type SensitiveCall = <T>(call: () => Promise<T>) => Promise<T>;

const ConfirmContext = createContext<SensitiveCall | null>(null);

/**
 * Provides the confirm-password overlay (§2.4): a sensitive call answered 423 opens it; once the password
 * (and, with 2FA on, a code or a recovery code) is confirmed the call runs again. Closing the overlay
 * rejects with CancelledError, which forms ignore.
 */
export function ConfirmPasswordProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<{ resolve: () => void; reject: (e: unknown) => void } | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const confirm = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        opener.current = document.activeElement as HTMLElement | null;
        setPending({ resolve, reject });
      }),
    [],
  );

  const sensitive = useCallback<SensitiveCall>(
    async (call) => {
      try {
        return await call();
      } catch (error) {
        if (!isConfirmationRequired(error)) throw error;
        await confirm();
        return call();
      }
    },
    [confirm],
  );

  return (
    <ConfirmContext.Provider value={sensitive}>
      {children}
      {pending && (
        <ConfirmPasswordDialog
          returnFocusTo={opener}
          onConfirmed={() => {
            pending.resolve();
            setPending(null);
          }}
          onCancel={() => {
            pending.reject(new CancelledError());
            setPending(null);
          }}
        />
      )}
    </ConfirmContext.Provider>
  );
}

/** Runs a sensitive call through the confirm-password overlay (outside a provider the call just runs). */
export function useSensitiveCall(): SensitiveCall {
  const sensitive = useContext(ConfirmContext);
  return useMemo(() => sensitive ?? (<T,>(call: () => Promise<T>) => call()), [sensitive]);
}

export function ConfirmPasswordDialog({ onConfirmed, onCancel, returnFocusTo }: { onConfirmed: () => void; onCancel: () => void; returnFocusTo?: RefObject<HTMLElement | null> }) {
  const twoFactor = session.get().user?.twoFactorEnabled === true;
  const [useRecovery, setUseRecovery] = useState(false);
  const rules = useMemo(
    () => ({
      password: FIELD_RULES.currentPassword,
      twoFactorAuthCode: twoFactor && !useRecovery ? FIELD_RULES.twoFactorAuthCode : undefined,
      recoveryCode: twoFactor && useRecovery ? FIELD_RULES.recoveryCode : undefined,
    }),
    [twoFactor, useRecovery],
  );
  const form = useForm({ rules });
  const submit = form.onSubmit(async (v) => {
    await authApi.confirmPassword({
      password: v.password,
      ...(twoFactor && !useRecovery ? { twoFactorAuthCode: normaliseCode(v.twoFactorAuthCode) } : {}),
      ...(twoFactor && useRecovery ? { recoveryCode: normaliseRecoveryCode(v.recoveryCode) } : {}),
    });
    onConfirmed();
  });
  return (
    <Popup title="Confirm your password" onClose={onCancel} className="auth-dialog" returnFocusTo={returnFocusTo}>
      <form className="auth-dialog-form" onSubmit={submit} noValidate>
        <p>For your security, please confirm your password to continue.</p>
        <FormError message={form.formError} />
        <Field field={form.field('password')} label="Password" type="password" autoComplete="current-password" />
        {twoFactor &&
          (useRecovery ? (
            <Field field={form.field('recoveryCode')} label="Recovery code" autoComplete="off" spellCheck={false} placeholder="XXXXXXXX-XXXXXXXX" />
          ) : (
            <Field
              field={form.field('twoFactorAuthCode')}
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              className="auth-field__input--code"
              maxLength={7}
            />
          ))}
        {twoFactor && (
          <button type="button" className="auth-link-button" onClick={() => setUseRecovery((r) => !r)} disabled={form.submitting}>
            {useRecovery ? 'Use an authentication code' : 'Use a recovery code'}
          </button>
        )}
        <div className="auth-actions">
          <SubmitButton busy={form.submitting} busyText="Confirming…">
            Confirm
          </SubmitButton>
        </div>
      </form>
    </Popup>
  );
}
