import type { BlockProps } from '../src/renderer/types';
import type { BadgeProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { BlockIcon } from './content/icons';
import { CallToAction } from './content/callToAction';
import './badge.css';

/** §6 onboarding badges and their names (as the schema's labels). */
export const BADGE_NAMES = {
  'sign-up': 'Sign up',
  card: 'Billing set-up',
  designer: 'Designer',
  profile: 'Profile',
  theme: 'Theme',
  homepage: 'Homepage',
  entrepreneur: 'Entrepreneur',
} as const;

/**
 * One onboarding badge. Badge state belongs to the signed-in project, and accounts do not exist yet,
 * so every badge is drawn locked with the step that unlocks it (hideWhenUnlocked therefore never hides).
 */
export default function Badge({ properties: p }: BlockProps<BadgeProperties>) {
  const code = p.code ?? 'sign-up';
  const unlocked = false;
  const name = p.title?.trim() || BADGE_NAMES[code];
  return (
    <div className={`badge-block${unlocked ? ' badge-block--unlocked' : ' badge-block--locked'}`}>
      <div className="badge-block__emblem">
        {p.image ? <BlockImage className="badge-block__image" image={p.image} sizes="5rem" /> : <BlockIcon name="award" className="badge-block__icon" />}
        {!unlocked && (
          <span className="badge-block__lock">
            <BlockIcon name="lock" />
          </span>
        )}
      </div>
      <h3 className="badge-block__title">{name}</h3>
      <p className="badge-block__state">{unlocked ? 'Unlocked' : 'Locked'}</p>
      {p.description?.trim() && <p className="badge-block__description">{p.description}</p>}
      {!unlocked && <CallToAction action={{ text: p.buttonText, href: p.href }} className="pod-button pod-button--primary badge-block__button" />}
    </div>
  );
}
