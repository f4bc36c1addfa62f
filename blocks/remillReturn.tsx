import { useId, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { RemillReturnProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { api, ApiError } from '../src/lib/api';
import { BlockIcon } from './content/icons';
import { RichText } from './content/richText';
import { Popup } from './content/Popup';
import { emailError } from './content/formRules';
import './remillReturn.css';

/** §7 remill submit call. */
export const REMILL_SUBMIT_PATH = '/omnis/v3/frontend/retex/remill/submit/';
/** §8 remill failure message. */
export const REMILL_FAILURE_MESSAGE = "We're sorry, something went wrong. Please try again later.";

export interface RemillResponse {
  type: string;
  message: string;
}

type Phase = 'idle' | 'form' | 'submitting' | 'submitted';

/**
 * Return-a-garment ("remill", §1, §9): the block invites, its popup takes an email (§5.2: required and
 * valid; submission ignored while submitting) and posts it (§7). §8: a failure shows the remill message;
 * the server's message is shown, and on type success the popup closes and the block thanks the shopper.
 */
export default function RemillReturn({ properties: p }: BlockProps<RemillReturnProperties>) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const submitting = useRef(false);
  const opener = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  const errorId = useId();

  const open = () => {
    setFormError(null);
    setPhase('form');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return; // §5.2: ignored while a submission is in flight
    setTouched(true);
    const invalid = emailError(email);
    setFieldError(invalid);
    if (invalid) return;
    submitting.current = true;
    setFormError(null);
    setPhase('submitting');
    try {
      const response = await api<RemillResponse>(REMILL_SUBMIT_PATH, { method: 'POST', body: { email: email.trim() } });
      if (response?.type === 'success') {
        setNotice(response.message || null);
        setPhase('submitted');
      } else {
        setFormError(response?.message || REMILL_FAILURE_MESSAGE);
        setPhase('form');
      }
    } catch (error) {
      // A 422 about the address belongs beside the field; anything else gets the §8 remill message.
      const serverFieldError = error instanceof ApiError && error.status === 422 ? error.errors.email?.[0] : undefined;
      if (serverFieldError) setFieldError(serverFieldError);
      else setFormError(REMILL_FAILURE_MESSAGE);
      setPhase('form');
    } finally {
      submitting.current = false;
    }
  }

  const style = { color: p.textColor || undefined, background: p.backgroundColor || undefined } as CSSProperties;
  const busy = phase === 'submitting';
  return (
    <section className={`remill-return${p.backgroundColor ? ' remill-return--boxed' : ''}`} style={style} aria-label={p.title || 'Return a garment'}>
      {p.image && <BlockImage className="remill-return__image" image={p.image} sizes="(min-width: 768px) 40vw, 100vw" />}
      <div className="remill-return__body">
        <span className="remill-return__badge">
          <BlockIcon name="recycle" />
        </span>
        <h2 className="remill-return__title">{p.title}</h2>
        <div role="status" className="remill-return__status">
          {phase === 'submitted' && (
            <div className="remill-return__thanks">
              <p className="remill-return__thanks-message">
                <BlockIcon name="check-circle" />
                <span>{p.thankYouMessage}</span>
              </p>
              {notice && notice !== p.thankYouMessage && <p className="remill-return__notice">{notice}</p>}
            </div>
          )}
        </div>
        {phase !== 'submitted' && (
          <>
            <RichText className="remill-return__copy" html={p.copy} />
            <button ref={opener} type="button" className="pod-button pod-button--primary remill-return__open" onClick={open} aria-haspopup="dialog">
              {p.buttonText}
            </button>
          </>
        )}
      </div>
      {(phase === 'form' || phase === 'submitting') && (
        <Popup title={p.title || 'Return a garment'} onClose={() => !busy && setPhase('idle')} className="remill-return__popup" returnFocusTo={opener}>
          <RichText className="remill-return__popup-copy" html={p.copy} />
          <form className="remill-return__form" onSubmit={submit} noValidate aria-busy={busy}>
            <label className="remill-return__label" htmlFor={fieldId}>
              Email address
            </label>
            <input
              id={fieldId}
              className={`remill-return__input${fieldError ? ' remill-return__input--invalid' : ''}`}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              readOnly={busy}
              onChange={(event) => {
                setEmail(event.target.value);
                if (touched) setFieldError(emailError(event.target.value));
              }}
            />
            {fieldError && (
              <p id={errorId} className="remill-return__field-error">
                {fieldError}
              </p>
            )}
            {formError && (
              <p className="remill-return__form-error" role="alert">
                {formError}
              </p>
            )}
            <button type="submit" className="pod-button pod-button--primary pod-button--block remill-return__submit" aria-disabled={busy}>
              {busy ? 'Sending…' : p.buttonText}
            </button>
          </form>
        </Popup>
      )}
    </section>
  );
}
