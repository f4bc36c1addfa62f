import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { GateProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { BlockIcon } from './content/icons';
import { RichText } from './content/richText';
import { CallToAction } from './content/callToAction';
import './gate.css';

type Requirement = NonNullable<GateProperties['requirement']>;

/** §6 dashboard gates, named as the schema labels them. */
export const GATE_REQUIREMENTS: Record<Requirement, string> = {
  isLoggedIn: 'Logged in',
  isVerified: 'Verified email',
  hasSignEula: 'Signed EULA',
  isPro: 'Pro plan',
  hasStore: 'Has a store',
  isInternalUser: 'Internal user',
};

/** Every §6 gate starts with logging in (login, then verified, then EULA …). */
export const GATE_LOGIN_HREF = '/login/';

export type Visitor = Record<Requirement, boolean>;

/**
 * Accounts do not exist yet, so every visitor is anonymous and meets no requirement: the gate always
 * shows its locked state. When sessions arrive, pass the signed-in user's flags here instead.
 */
export const ANONYMOUS_VISITOR: Visitor = { isLoggedIn: false, isVerified: false, hasSignEula: false, isPro: false, hasStore: false, isInternalUser: false };

export const meetsRequirement = (requirement: Requirement, visitor: Visitor): boolean => visitor[requirement];

/** Stands in for content the visitor may not see yet: what is needed, and the step that unlocks it (§6). */
export default function Gate({ properties: p, mode }: BlockProps<GateProperties>) {
  const requirement = p.requirement ?? 'isPro';
  const visitor = ANONYMOUS_VISITOR;
  // Hidden once the requirement is met; the builder always shows it so it can be edited.
  if (mode !== 'preview' && meetsRequirement(requirement, visitor)) return null;
  const style = { color: p.textColor || undefined, background: p.backgroundColor || undefined } as CSSProperties;
  return (
    <section className={`gate${p.blur ? ' gate--blur' : ''}`} style={style} aria-label={p.title || 'Locked content'}>
      {/* A hint of the content behind the gate: the image, or placeholder lines, blurred when asked. */}
      <div className="gate__backdrop" aria-hidden="true">
        {p.image ? (
          <BlockImage className="gate__image" image={p.image} sizes="100vw" />
        ) : (
          <div className="gate__lines">
            <span />
            <span />
            <span />
            <span />
          </div>
        )}
      </div>
      <div className="gate__panel">
        <span className="gate__lock">
          <BlockIcon name="lock" />
        </span>
        <h2 className="gate__title">{p.title}</h2>
        <p className="gate__requirement">Requires: {GATE_REQUIREMENTS[requirement]}</p>
        <RichText className="gate__copy" html={p.copy} />
        <CallToAction action={p.action} className="pod-button pod-button--primary gate__action" />
        {!visitor.isLoggedIn && requirement !== 'isLoggedIn' && (
          <p className="gate__login">
            Already have access?{' '}
            <SafeLink href={GATE_LOGIN_HREF} className="gate__login-link">
              Log in
            </SafeLink>
          </p>
        )}
        {!visitor.isLoggedIn && requirement === 'isLoggedIn' && !p.action?.href && !p.action?.action && (
          <SafeLink href={GATE_LOGIN_HREF} className="pod-button pod-button--primary gate__action">
            Log in
          </SafeLink>
        )}
      </div>
    </section>
  );
}
