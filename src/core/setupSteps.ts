/**
 * Store set-up steps (§4 Page save: "the store's homepage completion step is marked complete and the
 * next step becomes collection"). The ONE definition of the short, ordered checklist a new print-on-demand store
 * owner works through: the server records and derives the steps (server/setup/storeSetup.ts), the dashboard
 * checklist and the page builder's confirmation show them.
 *
 * | step       | done when                                                                  | recorded or derived |
 * |------------|----------------------------------------------------------------------------|---------------------|
 * | homepage   | the store's homepage was saved through the pages API (the builder)         | recorded            |
 * | collection | the store has a collection                                                 | derived on read     |
 * | product    | one of its products carries a design (what the `designer` badge counts)    | derived on read     |
 * | theme      | a theme was saved for the store (PUT theme), or it has a custom theme      | recorded + derived  |
 * | sale       | its first paid order (what the `entrepreneur` badge counts)                | derived on read     |
 *
 * A new store starts at `homepage`. A step, once recorded, stays done. `next` is the first step, in this order,
 * that is not done — right after the homepage that is `collection`, unless the store already has one.
 */
export const SETUP_STEPS = [
  {
    code: 'homepage',
    title: 'Design your homepage',
    action: 'Edit your homepage',
    hint: 'Make the first page shoppers see your own: a banner, your story, your best designs. Save it in the page builder to tick this off.',
  },
  {
    code: 'collection',
    title: 'Add a collection',
    action: 'Add a collection',
    hint: 'Group your designs so shoppers can browse them, like "Summer tees" or "New in". This ticks itself off when your store has its first collection.',
  },
  {
    code: 'product',
    title: 'Create a product with your design',
    action: 'Create a product',
    hint: 'Put your artwork on a tee, a hoodie or a tote; each one is printed when it is ordered. This ticks itself off when a product has a design on it.',
  },
  {
    code: 'theme',
    title: 'Choose the look of your store',
    action: 'Choose a theme',
    hint: "Pick a theme and make its colours and fonts yours in the page builder's Theme tab, then save it.",
  },
  {
    code: 'sale',
    title: 'Make your first sale',
    action: 'View your store',
    hint: "Share your store's address with your friends and followers. Your first paid order ticks this off.",
  },
] as const;

export type SetupStepCode = (typeof SETUP_STEPS)[number]['code'];
export type SetupStepDefinition = (typeof SETUP_STEPS)[number];

export const SETUP_STEP_CODES: readonly SetupStepCode[] = SETUP_STEPS.map((s) => s.code);

/** Where a new store starts. */
export const FIRST_SETUP_STEP: SetupStepCode = 'homepage';

export const isSetupStep = (value: unknown): value is SetupStepCode => (SETUP_STEP_CODES as readonly unknown[]).includes(value);

export const setupStep = (code: SetupStepCode): SetupStepDefinition => SETUP_STEPS.find((s) => s.code === code)!;

/** One step as `GET /omnis/v3/divisions/{divisionId}/setup/` answers it. `href` is null where no screen does it yet. */
export interface SetupStepState {
  code: SetupStepCode;
  title: string;
  done: boolean;
  href: string | null;
}

/** A store's set-up progress: every step in order, and the first one not done (null when all are). */
export interface StoreSetup {
  steps: SetupStepState[];
  next: SetupStepCode | null;
}

/** What a successful save of the store's homepage answers beside the page: the progress, and the steps it completed. */
export interface PageSaveSetup extends StoreSetup {
  completed: SetupStepCode[];
}

/** The first step, in order, that is not done; null when every step is done. */
export function nextSetupStep(done: ReadonlySet<SetupStepCode>): SetupStepCode | null {
  return SETUP_STEP_CODES.find((code) => !done.has(code)) ?? null;
}

/** The page builder: the store's homepage when known, else its pages list. */
const builderHref = (divisionId: number, homepageId: number | null) =>
  homepageId === null ? `/dashboard/pages/?store=${divisionId}` : `/dashboard/pages/${homepageId}/edit?store=${divisionId}`;

/**
 * Where a step is done, as an address of this app. The homepage and the theme are done in the page builder (the
 * theme in its Theme tab). Collections, products and orders have no owner screen in this app yet: null, and the
 * step ticks itself off when the thing exists.
 */
export function setupStepHref(code: SetupStepCode, store: { divisionId: number; homepageId: number | null }): string | null {
  return code === 'homepage' || code === 'theme' ? builderHref(store.divisionId, store.homepageId) : null;
}

/** Builds the answer from the set of done steps. */
export function storeSetupOf(done: ReadonlySet<SetupStepCode>, store: { divisionId: number; homepageId: number | null }): StoreSetup {
  return {
    steps: SETUP_STEPS.map((s) => ({ code: s.code, title: s.title, done: done.has(s.code), href: setupStepHref(s.code, store) })),
    next: nextSetupStep(done),
  };
}

/** §3 Page: the store's homepage is the page flagged homepage (its url is "/"). */
export const isHomepage = (page: { url: string; flags?: Record<string, unknown> | null }): boolean => page.flags?.homepage === true || page.url === '/';
