import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { AppIconProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { BlockIcon } from './content/icons';
import './appIcon.css';

/**
 * A square dashboard tile that opens an app, plugin or tool. The pro marker is shown; sending non-pro
 * users elsewhere needs the signed-in project (accounts are not built yet), so the tile keeps its link.
 */
export default function AppIcon({ properties: p }: BlockProps<AppIconProperties>) {
  const style = { '--app-icon-colour': p.iconColor || undefined, '--app-icon-background': p.backgroundColor || undefined } as CSSProperties;
  return (
    <SafeLink className="app-icon" href={p.href || '#'} target={p.target} style={style}>
      <span className="app-icon__tile">
        {p.image ? <BlockImage className="app-icon__image" image={p.image} sizes="6rem" /> : <BlockIcon name={p.icon} className="app-icon__icon" />}
        {p.badge?.trim() && <span className="app-icon__badge">{p.badge}</span>}
        {p.pro && (
          <span className="app-icon__pro" title="Pro only">
            Pro
          </span>
        )}
      </span>
      <span className="app-icon__title">{p.title}</span>
    </SafeLink>
  );
}
