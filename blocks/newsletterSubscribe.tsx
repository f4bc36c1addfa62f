import { useId, type CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { NewsletterSubscribeProperties } from '../src/core/generated/blockProperties';
import { catalogueApi } from './commerce/catalogueApi';
import { useDivisionId } from './commerce/store';
import { FormStatus, EmailField, TextField } from './commerce/forms';
import { useFormSubmit } from './commerce/useFormSubmit';
import { useKeepTypedText } from '../src/lib/hydration';
import './newsletterSubscribe.css';

/** §8 subscriber offer messages. */
export const SUBSCRIBE_SUCCESS = "We've sent you an email to verify your subscription";
export const SUBSCRIBE_ERROR = 'Oops... Something went wrong, please try again later';

/** A mailing-list sign-up (§5.2: email required and valid; first name required when asked). */
export default function NewsletterSubscribe({ properties: p }: BlockProps<NewsletterSubscribeProperties>) {
  const division = useDivisionId();
  const askName = p.askFirstName !== false;
  // What was typed into the server-drawn form before the app took over is kept.
  const keepTyped = useKeepTypedText();
  const form = useFormSubmit({
    initial: { email: '', firstName: '' },
    rules: askName ? { email: ['required', 'email'], firstName: ['required'] } : { email: ['required', 'email'] },
    path: catalogueApi.subscribe,
    body: (v) => ({ division, mailingList: p.mailingList ?? 'newsletter', email: v.email.trim(), ...(askName ? { firstName: v.firstName.trim() } : {}) }),
    success: () => p.successMessage || SUBSCRIBE_SUCCESS,
    failure: () => SUBSCRIBE_ERROR,
  });
  const style = {
    '--newsletter-block-text': p.textColor || undefined,
    '--newsletter-block-background': p.backgroundColor || undefined,
    fontFamily: p.font ? `'${p.font}', var(--newsletter-font, var(--primary-font, sans-serif))` : undefined,
  } as CSSProperties;
  const done = form.status?.kind === 'success';
  const headingId = useId();
  return (
    <section className="newsletter" style={style} aria-labelledby={p.title ? headingId : undefined} aria-label={p.title ? undefined : 'Newsletter sign-up'}>
      <div className="newsletter__intro">
        {p.title && <h2 className="newsletter__title" id={headingId}>{p.title}</h2>}
        {p.copy && <p className="newsletter__copy">{p.copy}</p>}
      </div>
      {!done && (
        <form className={`newsletter__form${askName ? '' : ' newsletter__form--email-only'}`} noValidate ref={keepTyped} onSubmit={form.submit}>
          {askName && (
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              maxLength={100}
              value={form.values.firstName}
              error={form.errors.firstName}
              onValue={(v) => form.setValue('firstName', v)}
            />
          )}
          <EmailField value={form.values.email} error={form.errors.email} onValue={(v) => form.setValue('email', v)} />
          <button type="submit" className="pod-button pod-button--primary newsletter__submit" disabled={form.submitting || !form.ready} aria-busy={form.submitting}>
            {p.buttonText || 'Subscribe'}
          </button>
        </form>
      )}
      <FormStatus status={form.status} />
    </section>
  );
}
