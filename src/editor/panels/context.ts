/** What panels give their widgets through rjsf's formContext. */
export interface PanelContext {
  /** The store being edited: pickers list its products, collections, posts and pages; uploads go to it. */
  divisionId: number | null;
}
