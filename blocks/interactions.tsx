import type { InteractionsProperties } from '../src/core/generated/blockProperties';
import type { BlockProps } from '../src/renderer/types';
import { formatMoney } from '../src/core/currency';
import { DashboardPanel, useStats } from './charts/dashboard';
import { EmptyState } from './commerce/states';
import './interactions.css';

export interface Interaction {
  type: string;
  id: string;
  at: string;
  name: string;
  items?: number;
  amount?: number;
  currency?: string;
}

const TYPE_NAMES: Record<string, string> = {
  orders: 'orders',
  favourites: 'favourites',
  subscribers: 'new subscribers',
  reviews: 'reviews',
  chats: 'chats',
  returns: 'returns',
};

function describe(i: Interaction): string {
  const who = i.name || 'Someone';
  if (i.type === 'orders') return `${who} ordered ${i.items ?? 0} ${i.items === 1 ? 'item' : 'items'} (${formatMoney(i.amount ?? 0, i.currency ?? 'GBP')})`;
  return `${who} subscribed to the newsletter`;
}

export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });

/** Recent things shoppers did in the store, newest first (orders and newsletter sign-ups are recorded). */
export default function Interactions({ properties: p }: BlockProps<InteractionsProperties>) {
  const types = p.types ?? ['orders', 'favourites', 'subscribers'];
  const limit = p.limit ?? 10;
  const state = useStats<{ data: Interaction[]; tracked: string[] }>(`interactions/?limit=${limit}`);
  return (
    <DashboardPanel className="interactions" title={p.title ?? ''} state={state}>
      {({ data, tracked }) => {
        const rows = data.filter((i) => types.includes(i.type as never));
        const untracked = types.filter((t) => !tracked.includes(t));
        return (
          <>
            {rows.length === 0 ? (
              <EmptyState>Nothing yet: new activity will appear here.</EmptyState>
            ) : (
              <ol className="interactions__list">
                {rows.map((i) => (
                  <li key={i.id} className={`interactions__item interactions__item--${i.type}`}>
                    {(p.showAvatars ?? true) ? (
                      <span className="interactions__avatar" aria-hidden="true">
                        {(i.name || '?').charAt(0).toUpperCase()}
                      </span>
                    ) : null}
                    <span className="interactions__text">{describe(i)}</span>
                    <time className="interactions__time" dateTime={i.at}>
                      {when(i.at)}
                    </time>
                  </li>
                ))}
              </ol>
            )}
            {untracked.length > 0 ? <p className="dashboard-panel__note">Not recorded yet: {untracked.map((t) => TYPE_NAMES[t] ?? t).join(', ')}.</p> : null}
          </>
        );
      }}
    </DashboardPanel>
  );
}
