import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { setupStep, type PageSaveSetup } from '../../core/setupSteps';
import { useEditor } from '../store';
import { onSetupProgress } from '../setupProgress';
import { Icon } from './icons';

/** Where the set-up checklist lives (src/auth/screens/Dashboard.tsx). */
export const DASHBOARD_HREF = '/dashboard/';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The confirmation's words for a store's progress (exported for tests). `currentPath` is the builder's own address:
 * a next step done right here (the theme, in the Theme tab) gets its hint instead of a link to this same page.
 */
export function setupNoticeText(setup: PageSaveSetup, currentPath = '') {
  const done = setup.steps.filter((s) => s.done).length;
  const next = setup.next ? setupStep(setup.next) : null;
  const href = setup.next ? (setup.steps.find((s) => s.code === setup.next)?.href ?? null) : null;
  const elsewhere = href !== null && href.split('?')[0] !== currentPath;
  return {
    title: 'Homepage done, nice work!',
    next: next ? `Next: ${lowerFirst(next.title)}.` : 'Your store is all set up.',
    hint: next && href !== null && !elsewhere ? next.hint : null,
    progress: `${done} of ${setup.steps.length} set-up steps complete`,
    /** The next step's own screen when it has one elsewhere; otherwise the dashboard's checklist. */
    primary: next && elsewhere ? { href: href!, label: next.action } : { href: DASHBOARD_HREF, label: 'Open your checklist' },
    secondary: next && elsewhere ? { href: DASHBOARD_HREF, label: 'See all steps' } : null,
  };
}

/**
 * After a save that completed the store's homepage step (§4 Page save; the save answers `setup`, see
 * setupProgress.ts), a short confirmation under the toolbar: the step is done and what's next, with a link to
 * where that is done or to the dashboard checklist. Shown once, for the page that was saved, until dismissed.
 */
export function SetupNotice() {
  const divisionId = useEditor((s) => s.divisionId);
  const pageId = useEditor((s) => s.page?.id ?? null);
  const { pathname } = useLocation();
  const [shown, setShown] = useState<{ divisionId: number; pageId: number; setup: PageSaveSetup } | null>(null);
  useEffect(
    () =>
      onSetupProgress((event) => {
        if (event.setup.completed.includes('homepage')) setShown(event);
      }),
    [],
  );
  if (!shown || shown.divisionId !== divisionId || shown.pageId !== pageId) return null;
  const text = setupNoticeText(shown.setup, pathname);
  return (
    <section className="ed-setup" role="status" aria-labelledby="ed-setup-title" data-testid="setup-notice">
      <span className="ed-setup__tick" aria-hidden="true">
        <Icon name="check" size={16} />
      </span>
      <div className="ed-setup__body">
        <p className="ed-setup__title" id="ed-setup-title">
          {text.title}
        </p>
        <p className="ed-setup__next">{text.next}</p>
        {text.hint && <p className="ed-setup__hint">{text.hint}</p>}
        <p className="ed-setup__progress">{text.progress}</p>
        <div className="ed-setup__actions">
          <Link className="ed-button ed-button--primary" to={text.primary.href}>
            {text.primary.label}
          </Link>
          {text.secondary && (
            <Link className="ed-button" to={text.secondary.href}>
              {text.secondary.label}
            </Link>
          )}
        </div>
      </div>
      <button type="button" className="ed-button ed-button--icon ed-button--ghost ed-setup__close" aria-label="Dismiss" title="Dismiss" onClick={() => setShown(null)}>
        <Icon name="close" size={16} />
      </button>
    </section>
  );
}
