import { useEffect, useId, useState, type CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { StoreHiddenProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { RichText } from './content/richText';
import { useOptionalStore } from './content/store';
import './storeHidden.css';

/** Where allowed users log in to a password-protected or coming-soon store (§2.2 /login/). */
export const STORE_LOGIN_HREF = '/login/';

/** Whole days, hours, minutes and seconds left until a time; null once it has passed. */
export function timeLeft(until: number, now: number): { days: number; hours: number; minutes: number; seconds: number } | null {
  const total = Math.floor((until - now) / 1000);
  if (total <= 0) return null;
  return { days: Math.floor(total / 86400), hours: Math.floor(total / 3600) % 24, minutes: Math.floor(total / 60) % 60, seconds: total % 60 };
}

function Countdown({ launchAt }: { launchAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(launchAt, now);
  const running = left !== null;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  if (!left) return null;
  const parts = [
    ['days', left.days],
    ['hours', left.hours],
    ['minutes', left.minutes],
    ['seconds', left.seconds],
  ] as const;
  // role=timer is not announced on every tick; the label gives the launch time once.
  return (
    <div className="store-hidden__countdown" role="timer" aria-label={`Opens ${new Date(launchAt).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })}`}>
      {parts.map(([unit, value]) => (
        <span key={unit} className="store-hidden__unit" aria-hidden="true">
          <span className="store-hidden__value">{String(value).padStart(2, '0')}</span>
          <span className="store-hidden__unit-name">{unit}</span>
        </span>
      ))}
    </div>
  );
}

/**
 * What visitors see while the store is password protected or in coming-soon mode (§1, §2.3 /countdown/).
 * For shoppers it shows only while the store is in one of those states; without store data (a builder
 * thumbnail) it cannot tell, so it shows. In the builder it always shows, with a note saying when it appears.
 */
export default function StoreHidden({ properties: p, mode }: BlockProps<StoreHiddenProperties>) {
  const titleId = useId();
  const subdomain = useOptionalStore()?.state.subdomain;
  const hiddenStore = subdomain ? Boolean(subdomain.passwordProtected || subdomain.comingSoonPageData?.enabled) : true;
  if (mode === 'native' && !hiddenStore) return null;
  const launchAt = p.launchAt ? Date.parse(p.launchAt) : NaN;
  const style = { color: p.textColor || undefined, background: p.backgroundColor || undefined } as CSSProperties;
  return (
    <section className="store-hidden" style={style} aria-labelledby={titleId}>
      {mode !== 'native' && <p className="store-hidden__note">Shown only while the store is password protected or coming soon.</p>}
      {p.image && <BlockImage className="store-hidden__image" image={p.image} sizes="(min-width: 768px) 480px, 100vw" eager />}
      <h1 id={titleId} className="store-hidden__title">
        {p.title}
      </h1>
      <RichText className="store-hidden__copy" html={p.copy} />
      {p.showCountdown && Number.isFinite(launchAt) && <Countdown launchAt={launchAt} />}
      {p.showLogin && (
        <SafeLink className="pod-button pod-button--secondary store-hidden__login" href={STORE_LOGIN_HREF}>
          Log in
        </SafeLink>
      )}
    </section>
  );
}
