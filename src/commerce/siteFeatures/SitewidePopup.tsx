import { Popup } from '../../../blocks/content/Popup';
import { cookieString, SITEWIDE_POPUP_COOKIE } from './rules';

/** The store's sitewide popup (§3 sitewidePopup: heading, description), shown once to each visitor. */
export default function SitewidePopup({ heading, description, onClose }: { heading: string; description: string; onClose: () => void }) {
  const close = () => {
    document.cookie = cookieString(SITEWIDE_POPUP_COOKIE.name, '1', SITEWIDE_POPUP_COOKIE.days);
    onClose();
  };
  return (
    <Popup title={heading} onClose={close} className="site-popup">
      {description && <p className="site-popup__text">{description}</p>}
      <button type="button" className="pod-button pod-button--primary" onClick={close}>
        Continue shopping
      </button>
    </Popup>
  );
}
