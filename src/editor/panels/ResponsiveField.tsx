import { BREAKPOINTS, BREAKPOINT_LABELS, BREAKPOINT_RANGES, overriddenAt, valueSource, type Breakpoint } from '../../core/blocks/responsive';
import { Icon } from '../toolbar/icons';
import type { ResponsiveEditing } from './context';

const lower = (text: string) => text.toLowerCase();

/**
 * Beside a per-device setting (x-ui.responsive) in a block's form: at desktop a marker that it can differ by device
 * (and where it does); at tablet or phone whether the value is set for this device — with a Reset back to the value
 * it inherits — or inherited, and from where.
 */
export function ResponsiveBadge({ name, label, editing }: { name: string; label: string; editing: ResponsiveEditing }) {
  const { breakpoint } = editing;
  const block = { properties: {}, responsive: editing.overrides };
  if (breakpoint === 'desktop') {
    const differs = overriddenAt(block, name);
    if (differs.length === 0) {
      return (
        <span className="panel-device panel-device--marker" title="Can differ by device: pick Tablet or Phone above to set it there">
          <Icon name="devices" size={14} />
          <span className="visually-hidden">(can differ by device)</span>
        </span>
      );
    }
    const where = differs.map((bp) => BREAKPOINT_LABELS[bp]).join(' and ');
    return <span className="panel-device panel-device--differs" title={`${where} ${differs.length > 1 ? 'have' : 'has'} its own ${lower(label)}`}>{`${where} differ${differs.length > 1 ? '' : 's'}`}</span>;
  }
  const source = valueSource(block, breakpoint, name);
  if (source === breakpoint) {
    const inherits = overriddenAt(block, name).includes('tablet') && breakpoint === 'phone' ? 'tablet' : 'desktop';
    return (
      <span className="panel-device-set">
        <span className="panel-device panel-device--set">{`Set for ${lower(BREAKPOINT_LABELS[breakpoint])}`}</span>
        <button
          type="button"
          className="panel-device__reset"
          onClick={() => editing.reset(name)}
          aria-label={`Reset ${label} on ${lower(BREAKPOINT_LABELS[breakpoint])} to the ${inherits} value`}
          title={`Use the ${inherits} value again`}
        >
          <Icon name="reset" size={13} /> Reset
        </button>
      </span>
    );
  }
  return (
    <span className="panel-device panel-device--inherited" title={`Set on ${lower(BREAKPOINT_LABELS[source])}; changing it here sets it for ${lower(BREAKPOINT_LABELS[breakpoint])}${breakpoint === 'tablet' ? ' and phone' : ''} only`}>
      {`From ${lower(BREAKPOINT_LABELS[source])}`}
    </span>
  );
}

const NOTES = {
  desktop: 'Desktop values apply to tablet and phone too, unless set there.',
  tablet: 'Settings marked with a device change tablet and phone only; the others change every device.',
  phone: 'Settings marked with a device change phone only; the others change every device.',
} as const;

/**
 * Which device a block's form edits — the canvas's device, switchable here too — and what that means for its
 * fields. Shown above the form of every block (every block can be hidden on a device).
 */
export function BreakpointBar({ breakpoint, onChange }: { breakpoint: Breakpoint; onChange: (next: Breakpoint) => void }) {
  return (
    <div className={`panel-devices panel-devices--${breakpoint}`}>
      <div className="panel-devices__switch" role="group" aria-label="Device being edited">
        {BREAKPOINTS.map((bp) => (
          <button key={bp} type="button" className="panel-devices__button" aria-pressed={bp === breakpoint} onClick={() => onChange(bp)} title={`${BREAKPOINT_LABELS[bp]}: ${BREAKPOINT_RANGES[bp]}`}>
            <Icon name={bp} size={15} />
            {BREAKPOINT_LABELS[bp]}
          </button>
        ))}
      </div>
      <p className="panel-devices__note">
        <strong>{`${BREAKPOINT_LABELS[breakpoint]}, ${BREAKPOINT_RANGES[breakpoint]}.`}</strong> {NOTES[breakpoint]}
      </p>
    </div>
  );
}
