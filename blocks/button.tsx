import type { BlockProps } from '../src/renderer/types';
import type { ButtonProperties } from '../src/core/generated/blockProperties';
import { SafeLink } from '../src/renderer/SafeLink';
import { ALIGN_FLEX } from './shared/align';
import './button.css';

/** Alignment and "fill the column", which may differ by device (x-ui.responsive), as button.css reads them. */
export const responsiveStyle = (p: ButtonProperties) => ({
  '--button-block-justify': ALIGN_FLEX[p.align ?? 'center'],
  '--button-block-width': p.fullWidth ? '100%' : 'auto',
});

/** A call to action in one of the §3 button styles (primary, secondary, warning, primary on secondary). */
export default function Button({ properties: p }: BlockProps<ButtonProperties>) {
  const icon = p.icon ? (
    <span className="button-block__icon" aria-hidden="true">
      {p.icon}
    </span>
  ) : null;
  return (
    <div className="button-block">
      <SafeLink
        className={`pod-button pod-button--${(p.buttonStyle ?? 'secondary').replace('|', '-')} button-block__button`}
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
