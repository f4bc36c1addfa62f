/** §9 confetti when the favourites list becomes empty: 40 particles, spread 50°, start velocity 30, 70 ticks. */
export const CONFETTI = { particles: 40, spread: 50, velocity: 30, ticks: 70 } as const;
/** One tick is one animation frame at 60 fps. */
export const TICK_MS = 1000 / 60;
const COLOURS = ['#2f5d3a', '#c98b2b', '#d9a5a0', '#1e2a44', '#f5f3ec'];

export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Where particle i ends up: launched upwards within ±spread/2 of vertical, slowed by gravity over the ticks. */
export function particlePath(i: number, random: () => number = Math.random) {
  const angle = ((90 + (random() - 0.5) * CONFETTI.spread) * Math.PI) / 180;
  const speed = CONFETTI.velocity * (0.5 + random() * 0.5);
  const gravity = 0.6;
  const t = CONFETTI.ticks;
  return {
    dx: Math.cos(angle) * speed * t * 0.5,
    dy: -Math.sin(angle) * speed * t * 0.5 + 0.5 * gravity * t * t * 0.5,
    rotate: (random() - 0.5) * 720,
    colour: COLOURS[i % COLOURS.length]!,
  };
}

/** Fires the confetti from a point (default: the middle of the screen); nothing when reduced motion is asked for. */
export function fireConfetti(origin?: { x: number; y: number }): number {
  if (prefersReducedMotion() || typeof document === 'undefined') return 0;
  const x = origin?.x ?? window.innerWidth / 2;
  const y = origin?.y ?? window.innerHeight / 2;
  const layer = document.createElement('div');
  layer.setAttribute('aria-hidden', 'true');
  layer.style.cssText = 'position:fixed;inset:0;pointer-events:none;overflow:hidden;z-index:1000';
  document.body.appendChild(layer);
  const duration = CONFETTI.ticks * TICK_MS;
  for (let i = 0; i < CONFETTI.particles; i++) {
    const p = particlePath(i);
    const piece = document.createElement('span');
    piece.style.cssText = `position:absolute;left:${x}px;top:${y}px;width:8px;height:12px;background:${p.colour};border-radius:2px`;
    layer.appendChild(piece);
    piece.animate?.(
      [{ transform: 'translate(0,0) rotate(0deg)', opacity: 1 }, { transform: `translate(${p.dx}px,${p.dy}px) rotate(${p.rotate}deg)`, opacity: 0 }],
      { duration, easing: 'cubic-bezier(.2,.6,.4,1)', fill: 'forwards' },
    );
  }
  window.setTimeout(() => layer.remove(), duration + 100);
  return CONFETTI.particles;
}
