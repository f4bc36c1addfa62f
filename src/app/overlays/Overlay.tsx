import { useId } from 'react';
import { Popup } from '../../../blocks/content/Popup';
import type { OverlayRequest } from './overlayStore';
import './overlays.css';

/** One §2.4 overlay on the shared Popup: focus moves in and stays inside, Escape answers "no", focus returns after. */
export default function Overlay({ request }: { request: OverlayRequest }) {
  const textId = useId();
  switch (request.kind) {
    case 'confirm':
      return (
        <Popup title={request.title} onClose={() => request.answer(false)} role="alertdialog" describedBy={textId} className="overlay overlay--confirm">
          <p id={textId} className="overlay__text">
            {request.text}
          </p>
          <div className="overlay__actions">
            <button type="button" className="overlay__button" onClick={() => request.answer(false)} data-autofocus>
              {request.cancelLabel}
            </button>
            <button type="button" className={`overlay__button overlay__button--primary${request.danger ? ' overlay__button--danger' : ''}`} onClick={() => request.answer(true)}>
              {request.confirmLabel}
            </button>
          </div>
        </Popup>
      );
    case 'gotIt':
      return (
        <Popup title={request.title} onClose={request.answer} describedBy={textId} className="overlay overlay--got-it">
          <p id={textId} className="overlay__text">
            {request.text}
          </p>
          <div className="overlay__actions">
            <button type="button" className="overlay__button overlay__button--primary" onClick={request.answer} data-autofocus>
              Got it
            </button>
          </div>
        </Popup>
      );
    case 'loading':
      return (
        <Popup title={request.title} onClose={() => undefined} dismissible={false} describedBy={textId} className="overlay overlay--loading">
          <div className="overlay__loading" aria-busy="true">
            <span className="overlay__spinner" aria-hidden="true" />
            <p id={textId} className="overlay__text">
              {request.text || 'Please wait…'}
            </p>
          </div>
        </Popup>
      );
  }
}
