import type { BadgeProgressProperties } from '../src/core/generated/blockProperties';
import type { BlockProps } from '../src/renderer/types';
import { useSession } from '../src/auth/session';
import { isAllowedUser } from '../src/core/access';
import { useDivisionId } from './commerce/store';
import { useStats, isDenied } from './charts/dashboard';
import { ErrorState, LOAD_ERROR } from './commerce/states';
import './badgeProgress.css';

export interface ProjectBadge {
  code: string;
  unlocked: boolean;
  groups: string[];
}

/** §6 onboarding badges: what each means and the step that unlocks it. */
export const BADGE_TEXT: Record<string, { name: string; step: string }> = {
  'sign-up': { name: 'Signed up', step: 'Verify your email address.' },
  card: { name: 'Billing set up', step: 'Add a card for billing.' },
  designer: { name: 'Designer', step: 'Create a product with your design.' },
  profile: {
    name: 'Profile',
    step: 'Add your first and last name to your profile.',
  },
  theme: { name: 'Theme', step: 'Save a theme for your store.' },
  homepage: { name: 'Homepage', step: 'Edit and save your homepage.' },
  entrepreneur: { name: 'Entrepreneur', step: 'Make your first sale.' },
};

/** Progress through the onboarding badges for the signed-in owner; visitors see nothing. */
export default function BadgeProgress({ properties: p }: BlockProps<BadgeProgressProperties>) {
  const { status, user } = useSession();
  const divisionId = useDivisionId();
  const allowed = status === 'authenticated' && user !== null && isAllowedUser(user, divisionId);
  const state = useStats<{ data: ProjectBadge[] }>(allowed ? 'onboarding/' : null);
  if (!allowed || state.status === 'loading' || (state.status === 'error' && isDenied(state.error))) return null;
  if (state.status === 'error') return <ErrorState message={LOAD_ERROR} onRetry={state.retry} />;

  const badges = state.data.data.filter((b) => !p.group || b.groups.includes(p.group));
  const done = badges.filter((b) => b.unlocked).length;
  if (badges.length === 0 || ((p.hideWhenComplete ?? true) && done === badges.length)) return null;
  const next = badges.find((b) => !b.unlocked);
  const shown = (p.showCompleted ?? true) ? badges : badges.filter((b) => !b.unlocked);
  const layout = p.layout ?? 'steps';
  const percent = Math.round((done / badges.length) * 100);

  return (
    <section className={`badge-progress badge-progress--${layout}`}>
      {p.title ? <h2 className="badge-progress__title">{p.title}</h2> : null}
      <p className="badge-progress__count">
        {done} of {badges.length} unlocked
      </p>
      {layout === 'bar' ? (
        <div className="badge-progress__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="Onboarding progress">
          <span className="badge-progress__fill" style={{ width: `${percent}%` }} />
        </div>
      ) : (
        <ol className="badge-progress__list">
          {shown.map((b) => (
            <li key={b.code} className={`badge-progress__badge${b.unlocked ? ' badge-progress__badge--done' : ''}`}>
              <span className="badge-progress__mark" aria-hidden="true">
                {b.unlocked ? '✓' : ''}
              </span>
              <span className="badge-progress__name">{BADGE_TEXT[b.code]?.name ?? b.code}</span>
              <span className="chart-kit-sr">{b.unlocked ? ' (unlocked)' : ' (locked)'}</span>
            </li>
          ))}
        </ol>
      )}
      {next ? <p className="badge-progress__next">Next: {BADGE_TEXT[next.code]?.step ?? next.code}</p> : null}
    </section>
  );
}
