/** Inline icons (2em by default, §9 icon size) so the header needs no icon font or network. */
const PATHS = {
  search: 'M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.8 4.8-1.4 1.4-4.8-4.8A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z',
  basket: 'M7 7V6a5 5 0 0 1 10 0v1h3l-1.5 14h-13L4 7h3Zm2 0h6V6a3 3 0 0 0-6 0v1Zm-2.8 2 1.1 10h9.4l1.1-10H6.2Z',
  heart: 'M12 21s-7.5-4.6-9.4-9.2C1.3 8.6 3.2 5 6.7 5c2 0 3.3 1 4.3 2.4C12 6 13.3 5 15.3 5c3.5 0 5.4 3.6 4.1 6.8C19.5 16.4 12 21 12 21Z',
  menu: 'M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z',
  close: 'm6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z',
  chevron: 'm9 6 6 6-6 6-1.4-1.4 4.6-4.6-4.6-4.6L9 6Z',
} as const;

export function Icon({ name, size = '1.5rem' }: { name: keyof typeof PATHS; size?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
