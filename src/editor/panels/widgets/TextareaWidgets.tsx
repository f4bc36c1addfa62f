import type { WidgetProps } from '@rjsf/utils';

function Area({ id, value, disabled, readonly, onChange, onBlur, onFocus, options, schema, placeholder, className }: WidgetProps & { className: string }) {
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="panel-textarea">
      <textarea
        id={id}
        className={`panel-input ${className}`}
        rows={typeof options.rows === 'number' ? options.rows : 4}
        value={text}
        placeholder={placeholder}
        spellCheck={className === 'panel-code' ? false : undefined}
        disabled={disabled || readonly}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => onFocus(id, text)}
        onBlur={() => onBlur(id, text)}
      />
      {max !== undefined && text.length > max * 0.8 && <span className="panel-counter">{`${text.length} / ${max}`}</span>}
    </div>
  );
}

/** Multi-line text with a character count near the limit. */
export const TextareaWidget = (props: WidgetProps) => <Area {...props} className="" />;

/** Code (HTML, embed snippets): monospace, no spell check, wide. */
export const CodeWidget = (props: WidgetProps) => <Area {...props} options={{ rows: 8, ...props.options }} className="panel-code" />;

/** A CSS length (theme radii): text with the accepted forms as a hint. */
export function LengthWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus }: WidgetProps) {
  const text = typeof value === 'string' ? value : '';
  return (
    <input
      id={id}
      className="panel-input panel-input--short"
      type="text"
      value={text}
      placeholder="4px, 0.5rem, 50%"
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.value.trim())}
      onFocus={() => onFocus(id, text)}
      onBlur={() => onBlur(id, text)}
    />
  );
}
