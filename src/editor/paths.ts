/** The builder's paths: the store's pages and the editor of one page. */
export const EDITOR_PATHS = {
  pages: '/dashboard/pages/',
  edit: (pageId: number | string, divisionId?: number | null) => `/dashboard/pages/${pageId}/edit${divisionId ? `?store=${divisionId}` : ''}`,
} as const;
