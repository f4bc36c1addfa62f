import { isBot } from '../commerce/events';

/** §7 POST /event-collector/: {event, payload, metadata}, sent without credentials. */
export const EVENT_COLLECTOR_URL = '/event-collector/';

export interface CollectorMetadata {
  environment: string;
  location: string;
  userAgent: string;
  currency: string;
  division: { id: number; name: string };
}

interface CollectorEnv {
  fetch: typeof fetch;
  navigator?: { webdriver?: boolean; userAgent?: string };
}

/** Sends one event to the collector; bots send nothing and a failed send is dropped (analytics never breaks a page). */
export async function collectEvent(event: string, payload: Record<string, unknown>, metadata: CollectorMetadata, env: CollectorEnv = { fetch: globalThis.fetch?.bind(globalThis), navigator: globalThis.navigator }): Promise<boolean> {
  if (isBot(env.navigator)) return false;
  try {
    const response = await env.fetch(EVENT_COLLECTOR_URL, {
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event, payload, metadata }),
    });
    return response.ok;
  } catch {
    return false;
  }
}
