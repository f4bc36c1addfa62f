import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { parseColour, toCssColour, toHex } from '../../../core/colour';

/** §5.1 colour selector message, for a required colour left empty. */
export const COLOUR_REQUIRED = 'Please select a colour';

/**
 * §5.2 colour: hex of 3, 4, 6 or 8 digits, the last two of 8 being opacity. A native picker for the hue,
 * the hex text (any of the four lengths may be typed), and an opacity slider that writes 8-digit hex
 * (6-digit when fully opaque). Empty means "not set" (the theme's colour) unless the field is required.
 */
export function ColourWidget({ id, value, required, disabled, readonly, onChange, onBlur, onFocus, label }: WidgetProps) {
  const stored = typeof value === 'string' ? value : '';
  const [text, setText] = useState(stored);
  const [touchedEmpty, setTouchedEmpty] = useState(false);
  // Follow outside changes (undo, another block) without fighting the user's typing.
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    setText(stored);
  }
  const colour = parseColour(text);
  const opacity = colour ? Math.round(colour.a * 100) : 100;
  const locked = disabled || readonly;
  const emit = (next: string) => {
    setText(next);
    setTouchedEmpty(false);
    onChange(next);
  };
  const blur = () => {
    if (required && text.trim() === '') setTouchedEmpty(true);
    onBlur(id, text);
  };
  return (
    <div className="panel-colour" onFocus={() => onFocus(id, text)} onBlur={blur}>
      <span className="panel-colour__swatch" style={{ background: colour ? toCssColour(colour) : undefined }} data-empty={colour ? undefined : ''}>
        <input
          type="color"
          aria-label={`${label || 'Colour'}: picker`}
          value={colour ? toHex({ ...colour, a: 1 }) : '#000000'}
          disabled={locked}
          onChange={(e) => {
            const picked = parseColour(e.target.value);
            if (picked) emit(toHex({ ...picked, a: colour?.a ?? 1 }));
          }}
        />
      </span>
      <input
        id={id}
        className="panel-input panel-colour__hex"
        type="text"
        inputMode="text"
        spellCheck={false}
        autoComplete="off"
        placeholder={required ? '#000000' : 'Theme colour'}
        maxLength={9}
        value={text}
        disabled={locked}
        aria-invalid={touchedEmpty || undefined}
        onChange={(e) => emit(e.target.value.trim())}
      />
      <label className="panel-colour__opacity" title="Opacity">
        <span className="visually-hidden">{`${label || 'Colour'}: opacity`}</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={opacity}
          disabled={locked || !colour}
          onChange={(e) => colour && emit(toHex({ ...colour, a: Number(e.target.value) / 100 }))}
        />
        <output>{colour ? `${opacity}%` : '–'}</output>
      </label>
      {!required && text !== '' && !locked && (
        <button type="button" className="panel-icon-button" aria-label={`Clear ${label || 'colour'}`} title="Use the theme colour" onClick={() => emit('')}>
          ×
        </button>
      )}
      {touchedEmpty && (
        <span className="panel-field__error" role="alert">
          {COLOUR_REQUIRED}
        </span>
      )}
    </div>
  );
}
