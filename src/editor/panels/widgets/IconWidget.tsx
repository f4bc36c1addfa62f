import type { WidgetProps } from '@rjsf/utils';
import { BlockIcon, hasIcon } from '../../../../blocks/content/icons';

/** Icon names the blocks draw (blocks/content/icons.tsx), without the aliases. */
export const ICON_NAMES = [
  'check', 'check-circle', 'close', 'info', 'warning', 'error', 'star', 'lock', 'chat', 'mail', 'apps', 'megaphone',
  'gift', 'truck', 'crown', 'tag', 'recycle', 'heart', 'award', 'arrow-right', 'bolt', 'clock',
].filter((name) => hasIcon(name));

/** A grid of the available icons (each drawn) plus "none"; names are what the block stores. */
export function IconWidget({ id, value, disabled, readonly, onChange, onFocus, onBlur, label }: WidgetProps) {
  const current = typeof value === 'string' ? value : '';
  const unknown = current !== '' && !hasIcon(current);
  return (
    <div id={id} role="radiogroup" aria-label={label} className="panel-icons" onFocus={() => onFocus(id, current)} onBlur={() => onBlur(id, current)}>
      <button type="button" role="radio" aria-checked={current === ''} className="panel-icons__item" disabled={disabled || readonly} onClick={() => onChange('')} title="No icon">
        <span aria-hidden="true">∅</span>
        <span className="visually-hidden">No icon</span>
      </button>
      {ICON_NAMES.map((name) => (
        <button key={name} type="button" role="radio" aria-checked={current === name} className="panel-icons__item" disabled={disabled || readonly} onClick={() => onChange(name)} title={name}>
          <BlockIcon name={name} />
          <span className="visually-hidden">{name}</span>
        </button>
      ))}
      {unknown && <span className="panel-field__help">{`"${current}" is not an icon the store draws; choose one above.`}</span>}
    </div>
  );
}
