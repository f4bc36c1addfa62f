import { useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Popup } from '../../blocks/content/Popup';
import { hasPermissions, missingPermissions } from '../core/access';
import { loginRedirect } from '../app/guards/decide';
import { authApi } from './authApi';
import { FormError, SubmitButton, TextAreaField } from './form/Field';
import { FIELD_RULES } from './form/rules';
import { useForm } from './form/useForm';
import { useSession } from './session';
import './auth.css';

/** §6 success message, verbatim. */
export const PERMISSION_REQUESTED = 'Permission request successfully submitted';

const REASON_RULES = { reason: FIELD_RULES.required };

const asList = (permission: string | readonly string[]): readonly string[] => (typeof permission === 'string' ? [permission] : permission);

/**
 * §6 request permission as a hook: `allowed` when the session user holds every permission (staff hold all);
 * otherwise `request()` opens the dialog that asks for a reason and posts the request.
 */
export function usePermissionGate(permission: string | readonly string[], divisionId?: number) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const permissions = asList(permission);
  const allowed = hasPermissions(user, permissions, divisionId);
  const missing = user ? missingPermissions(user, permissions, divisionId) : [...permissions];
  return {
    allowed,
    request: () => {
      opener.current = document.activeElement as HTMLElement | null;
      setOpen(true);
    },
    dialog: open ? <RequestPermissionDialog permissions={missing} signedIn={user !== null} onClose={() => setOpen(false)} returnFocusTo={opener} /> : null,
  };
}

/**
 * Wraps a control that needs a dashboard permission (§6): with the permission the control works as usual;
 * without it, activating the control opens the request dialog instead.
 */
export function RequirePermission({ permission, divisionId, children }: { permission: string | readonly string[]; divisionId?: number; children: ReactNode }) {
  const gate = usePermissionGate(permission, divisionId);
  const intercept = (event: MouseEvent) => {
    if (gate.allowed) return;
    event.preventDefault();
    event.stopPropagation();
    gate.request();
  };
  return (
    <>
      <span className="require-permission" style={{ display: 'contents' }} onClickCapture={intercept} data-permission-missing={gate.allowed ? undefined : 'true'}>
        {children}
      </span>
      {gate.dialog}
    </>
  );
}

export function RequestPermissionDialog({
  permissions,
  signedIn,
  onClose,
  returnFocusTo,
}: {
  permissions: readonly string[];
  signedIn: boolean;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { pathname, search } = useLocation();
  const form = useForm({ rules: REASON_RULES });
  const [done, setDone] = useState(false);
  const submit = form.onSubmit(async ({ reason }) => {
    await authApi.requestPermission(permissions, reason.trim());
    setDone(true);
  });
  const names = permissions.join(', ');
  return (
    <Popup title="Request permission" onClose={onClose} returnFocusTo={returnFocusTo}>
      {!signedIn ? (
        <div className="auth-dialog-form">
          <p>Sign in to ask for access to this.</p>
          <Link className="pod-button pod-button--primary pod-button--block" to={loginRedirect(pathname + search)}>
            Sign in
          </Link>
        </div>
      ) : done ? (
        <div className="auth-dialog-form">
          <p className="auth-alert auth-alert--success" role="status">
            {PERMISSION_REQUESTED}
          </p>
          <button type="button" className="pod-button pod-button--primary pod-button--block" onClick={onClose}>
            Done
          </button>
        </div>
      ) : (
        <form className="auth-dialog-form" onSubmit={submit} noValidate aria-label="Request permission">
          <p>
            You need the <strong>{names}</strong> permission to do this. Tell us why you need it and we'll review your request.
          </p>
          <FormError message={form.formError} />
          <TextAreaField field={form.field('reason')} label="Why do you need this permission?" />
          <SubmitButton busy={form.submitting} busyText="Sending…">
            Send request
          </SubmitButton>
        </form>
      )}
    </Popup>
  );
}
