import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';
import { NOT_FOUND_URL, type StorePageData } from '../app/pageLoader';
import { helpAddressOf, helpCentreOf } from '../core/help';

export const HELP_PATHS = ['/help/', '/help/:questionName/', '/help/reason/:reasonName?/', '/help/question/:questionName?/', '/help/group/:groupCode?/'] as const;

/**
 * §2.2 /help/{questionName?}/ with reason/, question/ and group/ children: one lazy screen reads which. `loadPage`
 * loads the store's help page (the store page loader), so the server draws the help centre with its answers. A
 * question or group the help page does not hold goes to /404/ from the loader, as an unknown address does, so the
 * server draws the not-found page in its place and the browser lands there before it draws.
 */
export function helpRoutes(guard: Guard, loadPage: (args: LoaderFunctionArgs) => Promise<StorePageData>): RouteObject[] {
  const lazy = async () => ({ Component: (await import('./HelpScreen')).HelpScreen });
  const load = async (args: LoaderFunctionArgs) => {
    const data = await loadPage(args);
    const { page } = data;
    if (page && !helpAddressOf(new URL(args.request.url).pathname, helpCentreOf(page.blocks), String(page.properties.title ?? ''))) throw redirect(NOT_FOUND_URL);
    return data;
  };
  return HELP_PATHS.map((path, i) => ({ id: `help:${i}`, path, loader: guard({ storefront: true }, load), lazy, handle: { layout: 'standard' } }));
}
