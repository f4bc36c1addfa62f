import './colourSwatches.css';

/** Colour choices as round swatches (§3 colour option: text, value); the chosen one is pressed. */
export function ColourSwatches({ colours, selected, onSelect }: { colours: { text: string; value: string }[]; selected: string | null; onSelect: (text: string) => void }) {
  if (colours.length < 2) return null;
  return (
    <div className="colour-swatches">
      <p className="colour-swatches__label">
        Colour: <strong>{selected}</strong>
      </p>
      <div className="colour-swatches__list" role="group" aria-label="Colours">
        {colours.map((c) => (
          <button
            key={c.text}
            type="button"
            className="colour-swatches__swatch"
            style={{ background: c.value }}
            aria-label={c.text}
            aria-pressed={c.text === selected}
            title={c.text}
            onClick={() => onSelect(c.text)}
          />
        ))}
      </div>
    </div>
  );
}
