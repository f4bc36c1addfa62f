import type { RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';
import { EDITOR_PATHS } from './paths';

/**
 * Lazy routes: the editor (dnd-kit, rjsf, ajv, the schemas) and the pages screen load only when visited, so the
 * storefront entry never downloads them. Both need dashboard access (§2.3); the server answers 403 for a store
 * the user cannot edit.
 */
export function editorRoutes(guard: Guard): RouteObject[] {
  const handle = { layout: 'blank' };
  return [
    {
      id: 'editor:pages',
      path: EDITOR_PATHS.pages,
      loader: guard({ loginState: 'dashboard-access' }),
      lazy: async () => ({ Component: (await import('./pages/PagesScreen')).PagesScreen }),
      handle,
    },
    {
      id: 'editor:edit',
      path: '/dashboard/pages/:pageId/edit',
      loader: guard({ loginState: 'dashboard-access' }),
      lazy: async () => ({ Component: (await import('./EditorScreen')).EditorScreen }),
      // The builder fills the window: notifications only count in the title, no cards over the panels.
      handle: { ...handle, focused: true },
    },
  ];
}
