import type { LoaderFunction, RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';

export const HELP_PATHS = ['/help/', '/help/:questionName/', '/help/reason/:reasonName?/', '/help/question/:questionName?/', '/help/group/:groupCode?/'] as const;

/**
 * §2.2 /help/{questionName?}/ with reason/, question/ and group/ children: one lazy screen reads which. `loadPage`
 * loads the store's help page (the store page loader), so the server draws the help centre with its answers.
 */
export function helpRoutes(guard: Guard, loadPage: LoaderFunction): RouteObject[] {
  const lazy = async () => ({ Component: (await import('./HelpScreen')).HelpScreen });
  return HELP_PATHS.map((path, i) => ({ id: `help:${i}`, path, loader: guard({ storefront: true }, loadPage), lazy, handle: { layout: 'standard' } }));
}
