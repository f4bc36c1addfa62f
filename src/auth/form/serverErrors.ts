import { ApiError, GENERIC_ERROR } from '../../lib/api';

/** §8 wording for a 500 and for other failures without a server message. */
export const SERVER_ERROR_TEXT = 'Oops.. looks like something went wrong';

export interface RoutedError {
  /** Messages that belong to a field of the form (first message each). */
  fields: Record<string, string>;
  /** A message for the whole form, or null when every message found its field. */
  message: string | null;
}

/** The visitor backed out (closed the confirm-password overlay): nothing to report (§8: cancellation has its own handling). */
export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'CancelledError';
  }
}

const fieldKey = (key: string) => key.replace(/^\/+/, '').split('/')[0] ?? key;

/**
 * §8 response routing: 422 shows the first validation message (on its field when the form has one, else
 * for the form) or the response message; 500 shows the generic text; other statuses the server's message.
 */
export function routeError(error: unknown, formFields: readonly string[] = []): RoutedError {
  if (error instanceof CancelledError) return { fields: {}, message: null };
  if (!(error instanceof ApiError)) return { fields: {}, message: GENERIC_ERROR };
  if (error.status === 422) {
    const fields: Record<string, string> = {};
    let first: string | null = null;
    for (const [key, messages] of Object.entries(error.errors ?? {})) {
      const message = messages?.[0];
      if (!message) continue;
      first ??= message;
      const name = fieldKey(key);
      if (formFields.includes(name) && !(name in fields)) fields[name] = message;
    }
    const placed = Object.keys(fields).length > 0;
    return { fields, message: placed ? null : (first ?? error.message) };
  }
  if (error.status === 500) return { fields: {}, message: SERVER_ERROR_TEXT };
  return { fields: {}, message: error.message || SERVER_ERROR_TEXT };
}

/** The one message to show for a failure outside a form. */
export const errorText = (error: unknown): string => {
  const routed = routeError(error);
  return routed.message ?? Object.values(routed.fields)[0] ?? '';
};
