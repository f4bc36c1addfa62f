/** The store permission an editor needs to change pages, their pictures and the theme (§6; owners and staff hold it). */
export const PAGES_PERMISSION = 'pages';
