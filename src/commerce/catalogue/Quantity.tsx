/** The quantity stepper of the product screen and the basket: never below 1 nor above what is in stock. */
export function Quantity({ value, max, onChange, label = 'Quantity' }: { value: number; max: number; onChange: (n: number) => void; label?: string }) {
  return (
    <span className="quantity" role="group" aria-label={label}>
      <button type="button" aria-label="Decrease quantity" disabled={value <= 1} onClick={() => onChange(Math.max(1, value - 1))}>
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button type="button" aria-label="Increase quantity" disabled={value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
        +
      </button>
    </span>
  );
}
