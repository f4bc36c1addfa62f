import type { BlockProps } from '../src/renderer/types';
import type { ActionProperties } from '../src/core/generated/blockProperties';
import { BlockIcon, hasIcon } from './content/icons';
import { CallToAction } from './content/callToAction';
import './action.css';

/** A next step for the reader: icon, short explanation and one button, or a tick once completed. */
export default function Action({ properties: p }: BlockProps<ActionProperties>) {
  const done = Boolean(p.completed);
  return (
    <div className={`action-block${done ? ' action-block--completed' : ''}`}>
      {(done || hasIcon(p.icon)) && (
        <span className="action-block__icon">
          <BlockIcon name={done ? 'check' : p.icon} />
        </span>
      )}
      <div className="action-block__text">
        <h3 className="action-block__title">{p.title}</h3>
        {p.description?.trim() && <p className="action-block__description">{p.description}</p>}
      </div>
      {done ? (
        <span className="action-block__done">Completed</span>
      ) : (
        <CallToAction
          action={{ text: p.buttonText, href: p.href, action: p.action, target: p.target }}
          className={`pod-button pod-button--${p.primary === false ? 'secondary' : 'primary'} action-block__button`}
        />
      )}
    </div>
  );
}
