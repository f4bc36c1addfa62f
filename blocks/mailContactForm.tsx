import { useId } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { MailContactFormProperties } from '../src/core/generated/blockProperties';
import { ApiError, GENERIC_ERROR } from '../src/lib/api';
import { catalogueApi } from './commerce/catalogueApi';
import { useDivisionId } from './commerce/store';
import { FormStatus, EmailField, TextField } from './commerce/forms';
import { useFormSubmit } from './commerce/useFormSubmit';
import { useKeepTypedText } from '../src/lib/hydration';
import './mailContactForm.css';

/**
 * A contact form. It sends the block's uid, not an address: the server reads contactEmail from the stored
 * block, so the form cannot be abused to mail anyone else.
 */
export default function MailContactForm({ block, properties: p }: BlockProps<MailContactFormProperties>) {
  const division = useDivisionId();
  const headingId = useId();
  // What was typed into the server-drawn form before the app took over is kept.
  const keepTyped = useKeepTypedText();
  const form = useFormSubmit({
    initial: { name: '', email: '', phone: '', message: '' },
    rules: { name: ['required'], email: ['required', 'email'], message: ['required'] },
    path: catalogueApi.contact,
    body: (v) => ({
      division,
      blockUid: block.uid,
      name: v.name.trim(),
      email: v.email.trim(),
      message: v.message.trim(),
      ...(p.askPhone && v.phone.trim() ? { phone: v.phone.trim() } : {}),
    }),
    success: (answer) => p.successMessage || answer?.message || "Thanks, we'll be in touch soon.",
    // §8: other 4xx show the server's message; 5xx and network failures the generic one.
    failure: (error) => (error instanceof ApiError && error.status < 500 ? error.message : GENERIC_ERROR),
  });
  return (
    <section className="contact-form" aria-labelledby={headingId}>
      <h2 className="contact-form__title" id={headingId}>
        {p.title || 'Contact us'}
      </h2>
      {p.copy && <p className="contact-form__copy">{p.copy}</p>}
      {form.status?.kind !== 'success' && (
        <form className="contact-form__form" noValidate ref={keepTyped} onSubmit={form.submit}>
          <TextField label="Name" name="name" autoComplete="name" maxLength={120} value={form.values.name} error={form.errors.name} onValue={(v) => form.setValue('name', v)} />
          <EmailField value={form.values.email} error={form.errors.email} onValue={(v) => form.setValue('email', v)} />
          {p.askPhone && (
            <TextField label="Phone (optional)" name="phone" type="tel" autoComplete="tel" maxLength={40} value={form.values.phone} onValue={(v) => form.setValue('phone', v)} />
          )}
          <TextField
            className="contact-form__message"
            label="Message"
            name="message"
            multiline
            maxLength={5000}
            value={form.values.message}
            error={form.errors.message}
            onValue={(v) => form.setValue('message', v)}
          />
          <div className="contact-form__actions">
            <button type="submit" className="pod-button pod-button--primary" disabled={form.submitting || !form.ready} aria-busy={form.submitting}>
              {p.buttonText || 'Send'}
            </button>
          </div>
        </form>
      )}
      <FormStatus status={form.status} />
    </section>
  );
}
