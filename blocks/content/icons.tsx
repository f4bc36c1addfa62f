import './content.css';

/**
 * Block icons by name (the schemas' "icon" widget stores a name). Inline SVG so no icon font or request
 * is needed; 1em square so they follow the text they sit in. Unknown names draw nothing: icons here are
 * decorative and a missing one must not break the layout.
 */
const PATHS: Record<string, string> = {
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z',
  'check-circle': 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9Z',
  close: 'm6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z',
  info: 'M11 7h2v2h-2V7Zm0 4h2v6h-2v-6Zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Z',
  warning: 'M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z',
  star: 'M12 17.3 18.2 21l-1.6-7L22 9.2l-7.2-.6L12 2 9.2 8.6 2 9.2 7.5 14l-1.7 7L12 17.3Z',
  lock: 'M18 8h-1V6A5 5 0 0 0 7 6v2H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2Zm-6 9a2 2 0 1 1 0-4 2 2 0 0 1 0 4Zm3.1-9H8.9V6a3.1 3.1 0 0 1 6.2 0v2Z',
  chat: 'M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2Zm0 14H5.2L4 17.2V4h16v12Z',
  mail: 'M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 4-8 5-8-5V6l8 5 8-5v2Z',
  apps: 'M4 8h4V4H4v4Zm6 12h4v-4h-4v4Zm-6 0h4v-4H4v4Zm0-6h4v-4H4v4Zm6 0h4v-4h-4v4Zm6-10v4h4V4h-4Zm-6 4h4V4h-4v4Zm6 6h4v-4h-4v4Zm0 6h4v-4h-4v4Z',
  megaphone:
    'M18 11v2h4v-2h-4Zm-2 6.6c1 .7 2.2 1.6 3.2 2.4l.8-1.6c-1-.7-2.2-1.6-3.2-2.4l-.8 1.6ZM20 5.6 19.2 4c-1 .8-2.2 1.7-3.2 2.4l.8 1.6c1-.7 2.2-1.6 3.2-2.4ZM4 9a2 2 0 0 0-2 2v2a2 2 0 0 0 2 2h1v4h2v-4h1l5 3V6L8 9H4Zm11.5 3c0-1.3-.6-2.5-1.5-3.4v6.7c.9-.8 1.5-2 1.5-3.3Z',
  gift: 'M20 7h-2.2A3 3 0 0 0 12 4.2 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v4h1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8h1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2a2 2 0 0 1 2-2ZM9 5a2 2 0 0 1 2 2H9a1 1 0 1 1 0-2Zm2 14H6v-7h5v7Zm0-9H5V9h6v1Zm7 9h-5v-7h5v7Zm1-9h-6V9h6v1Z',
  truck: 'M20 8h-3V4H3a2 2 0 0 0-2 2v11h2a3 3 0 0 0 6 0h6a3 3 0 0 0 6 0h2v-5l-3-4ZM6 18.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm13.5-9 2 2.5H17V9.5h2.5ZM18 18.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z',
  crown: 'M5 16 3 5l5.5 5L12 4l3.5 6L21 5l-2 11H5Zm14 3a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-1h14v1Z',
  tag: 'M21.4 11.6 12.4 2.6A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .6.2 1.1.6 1.4l9 9a2 2 0 0 0 2.8 0l7-7a2 2 0 0 0 0-2.8ZM5.5 7a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z',
  recycle:
    'M10.2 3.3 7.5 8l1.7 1 2.8-4.8 2.6 4.5-1.7 1 4.6.3 2-4.1-1.7 1-2.8-4.7a2 2 0 0 0-3.4 0l-1.4 2.4ZM4.8 11.3l-2.5 4.4A2 2 0 0 0 4 18.7h5.4V21l2.6-3.8L9.4 13.4v3.3H4l2.5-4.4-1.7-1ZM19.2 11l-1.7 1 2.5 4.7h-6v2h6a2 2 0 0 0 1.7-3l-2.5-4.7Z',
  heart: 'M12 21s-7.5-4.6-9.4-9.2C1.3 8.6 3.2 5 6.7 5c2 0 3.3 1 4.3 2.4C12 6 13.3 5 15.3 5c3.5 0 5.4 3.6 4.1 6.8C19.5 16.4 12 21 12 21Z',
  award: 'M12 2a7 7 0 0 0-4 12.7V22l4-2 4 2v-7.3A7 7 0 0 0 12 2Zm0 12a5 5 0 1 1 0-10 5 5 0 0 1 0 10Z',
  'arrow-right': 'm12 4-1.4 1.4 5.6 5.6H4v2h12.2l-5.6 5.6L12 20l8-8-8-8Z',
  bolt: 'M11 21h-1l1-7H7.5c-.9 0 .3-.8.3-.8L13 3h1l-1 7h3.5c.5 0 .6.3.4.6L11 21Z',
  clock: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm.5-13H11v6l5.2 3.2.8-1.3-4.5-2.7V7Z',
};

/** Names editors commonly type for the same picture. */
const ALIASES: Record<string, string> = {
  success: 'check-circle',
  tick: 'check',
  pro: 'crown',
  upgrade: 'crown',
  email: 'mail',
  delivery: 'truck',
  shipping: 'truck',
  arrow: 'arrow-right',
  'chevron-right': 'arrow-right',
  speakerphone: 'megaphone',
  layout: 'apps',
};

export const hasIcon = (name: string | undefined): boolean => Boolean(name && PATHS[ALIASES[name] ?? name]);

export function BlockIcon({ name, className }: { name: string | undefined; className?: string }) {
  const path = name ? PATHS[ALIASES[name] ?? name] : undefined;
  if (!path) return null;
  return (
    <svg className={`content-icon${className ? ` ${className}` : ''}`} width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}
