import { Popup } from '../../../blocks/content/Popup';
import { EmailField, FormStatus, TextField } from '../../../blocks/commerce/forms';
import { useFormSubmit } from '../../../blocks/commerce/useFormSubmit';
import { catalogueApi } from '../../../blocks/commerce/catalogueApi';
import { ApiError } from '../../lib/api';
import { SUBSCRIBER_OFFER_LIST } from '../../core/storeSettings';
import { cookieString, SUBSCRIBED_COOKIE, SUBSCRIBER_DISMISSED_COOKIE } from './rules';

/** §8 subscriber offer messages. */
export const SUBSCRIBER_OFFER_SUCCESS = "We've sent you an email to verify your subscription";
export const SUBSCRIBER_OFFER_ERROR = 'Oops... Something went wrong, please try again later';

/**
 * The email-subscriber popup (§2.4, §5.2 form rules: email required and valid, first name required; §8 messages).
 * Subscribing sets the subscribed cookie (365 days); closing it without subscribing the dismissed cookie (30 days).
 */
export default function SubscriberPopup({ divisionId, companyName, discount, onClose }: { divisionId: number; companyName: string; discount: boolean; onClose: () => void }) {
  const form = useFormSubmit({
    initial: { firstName: '', email: '' },
    rules: { firstName: ['required'], email: ['required', 'email'] },
    path: catalogueApi.subscribe,
    body: (v) => ({ division: divisionId, mailingList: SUBSCRIBER_OFFER_LIST, email: v.email.trim(), firstName: v.firstName.trim() }),
    success: () => {
      document.cookie = cookieString(SUBSCRIBED_COOKIE.name, '1', SUBSCRIBED_COOKIE.days);
      return SUBSCRIBER_OFFER_SUCCESS;
    },
    // §8: a validation message is shown as it is; anything else gets the offer's own wording.
    failure: (error) => (error instanceof ApiError && error.status === 422 ? error.message : SUBSCRIBER_OFFER_ERROR),
  });
  const done = form.status?.kind === 'success';
  const close = () => {
    if (!done) document.cookie = cookieString(SUBSCRIBER_DISMISSED_COOKIE.name, '1', SUBSCRIBER_DISMISSED_COOKIE.days);
    onClose();
  };
  return (
    <Popup title={discount ? 'Get a welcome discount' : `Stay in touch with ${companyName}`} onClose={close} className="site-popup site-popup--subscriber">
      {!done && (
        <>
          <p className="site-popup__text">
            {discount ? 'Subscribe to our emails and we will send you a discount code for your first order once you confirm your address.' : 'Subscribe for news and offers.'}
          </p>
          <form className="site-popup__form" noValidate onSubmit={form.submit}>
            <TextField label="First name" name="firstName" autoComplete="given-name" maxLength={100} value={form.values.firstName} error={form.errors.firstName} onValue={(v) => form.setValue('firstName', v)} />
            <EmailField value={form.values.email} error={form.errors.email} onValue={(v) => form.setValue('email', v)} />
            <button type="submit" className="pod-button pod-button--primary" disabled={form.submitting || !form.ready} aria-busy={form.submitting}>
              Subscribe
            </button>
          </form>
        </>
      )}
      <FormStatus status={form.status} />
    </Popup>
  );
}
