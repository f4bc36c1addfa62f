import './controls.css';

/** Previous/next buttons shared by the carousel and the slideshow; labels name what they move. */
export function NavArrows({ noun, onPrev, onNext, prevDisabled = false, nextDisabled = false }: { noun: string; onPrev: () => void; onNext: () => void; prevDisabled?: boolean; nextDisabled?: boolean }) {
  return (
    <>
      <button type="button" className="pod-nav-arrow pod-nav-arrow--prev" aria-label={`Previous ${noun}`} onClick={onPrev} disabled={prevDisabled}>
        <Chevron />
      </button>
      <button type="button" className="pod-nav-arrow pod-nav-arrow--next" aria-label={`Next ${noun}`} onClick={onNext} disabled={nextDisabled}>
        <Chevron />
      </button>
    </>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** One dot per position; the current one is marked for assistive technology with aria-current. */
export function Dots({ count, current, noun, onSelect }: { count: number; current: number; noun: string; onSelect: (index: number) => void }) {
  if (count < 2) return null;
  return (
    <div className="pod-dots">
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          className="pod-dots__dot"
          aria-label={`Go to ${noun} ${i + 1}`}
          aria-current={i === current ? 'true' : undefined}
          onClick={() => onSelect(i)}
        />
      ))}
    </div>
  );
}
