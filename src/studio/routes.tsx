import { redirect, type RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';
import { CUSTOM_REDIRECT, STUDIO_ALIASES, STUDIO_HOME, STUDIO_PATH } from './paths';

/** The studio as lazy routes: its canvas code (react-konva) loads only when a shopper opens it. */
export function studioRoutes(guard: Guard): RouteObject[] {
  const lazy: RouteObject['lazy'] = async () => ({ Component: (await import('./StudioPage')).StudioPage });
  return [
    { id: 'studio', path: STUDIO_PATH, loader: guard({ storefront: true }), lazy, handle: { layout: 'studio' } },
    ...STUDIO_ALIASES.map((alias, i): RouteObject => ({ id: `studio:alias:${i}`, path: alias.path, loader: guard({ storefront: true }), lazy, handle: { layout: 'studio' } })),
    { id: 'studio:custom', path: CUSTOM_REDIRECT, loader: () => redirect(STUDIO_HOME) },
  ];
}
