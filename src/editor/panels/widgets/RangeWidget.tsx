import type { WidgetProps } from '@rjsf/utils';

/** A slider with its value beside it; the step follows the range (0–1 in hundredths). */
export function RangeWidget({ id, value, schema, disabled, readonly, onChange, onBlur, onFocus, label }: WidgetProps) {
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : 0;
  const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : 100;
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : schema.type === 'integer' ? 1 : max - min <= 1 ? 0.01 : max - min <= 10 ? 0.1 : 1;
  const current = typeof value === 'number' ? value : typeof schema.default === 'number' ? schema.default : min;
  const shown = max - min <= 1 && schema.type !== 'integer' ? `${Math.round(current * 100)}%` : String(current);
  return (
    <div className="panel-range">
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={current}
        aria-label={label}
        aria-valuetext={shown}
        disabled={disabled || readonly}
        onChange={(e) => onChange(Number(e.target.value))}
        onFocus={() => onFocus(id, current)}
        onBlur={() => onBlur(id, current)}
      />
      <output htmlFor={id}>{shown}</output>
    </div>
  );
}
