import type { BlockProps } from '../src/renderer/types';
import type { ButtonProperties } from '../src/core/generated/blockProperties';
import { SafeLink } from '../src/renderer/SafeLink';
import './button.css';

/** A call to action: primary 1 draws it in the theme's primary colour, 0 in the secondary style. */
export default function Button({ properties: p }: BlockProps<ButtonProperties>) {
  const icon = p.icon ? (
    <span className="button-block__icon" aria-hidden="true">
      {p.icon}
    </span>
  ) : null;
  return (
    <div className={`button-block button-block--${p.align ?? 'center'}`}>
      <SafeLink
        className={`pod-button pod-button--${p.primary === 1 ? 'primary' : 'secondary'}${p.fullWidth ? ' pod-button--block' : ''}`}
        href={p.href ?? '#'}
        target={p.target}
      >
        {p.iconPosition !== 'right' && icon}
        <span>{p.text}</span>
        {p.iconPosition === 'right' && icon}
      </SafeLink>
    </div>
  );
}
