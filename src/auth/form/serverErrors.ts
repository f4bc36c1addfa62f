import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { messageForStatus, SNACKBAR_SERVER_ERROR } from '../../core/snackbar';

/** §8 wording for a 500 and for other failures without a server message. */
export const SERVER_ERROR_TEXT = SNACKBAR_SERVER_ERROR;

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
 * for the form) or the response message; every other status as messageForStatus routes it (the one rule).
 */
export function routeError(error: unknown, formFields: readonly string[] = []): RoutedError {
  if (error instanceof CancelledError) return { fields: {}, message: null };
  if (!(error instanceof ApiError)) return { fields: {}, message: GENERIC_ERROR };
  if (error.status === 422) {
    const fields: Record<string, string> = {};
    for (const [key, messages] of Object.entries(error.errors ?? {})) {
      const message = messages?.[0];
      if (!message) continue;
      const name = fieldKey(key);
      if (formFields.includes(name) && !(name in fields)) fields[name] = message;
    }
    const placed = Object.keys(fields).length > 0;
    return { fields, message: placed ? null : messageForStatus(422, error) };
  }
  return { fields: {}, message: messageForStatus(error.status, error) };
}

/** The one message to show for a failure outside a form. */
export const errorText = (error: unknown): string => {
  const routed = routeError(error);
  return routed.message ?? Object.values(routed.fields)[0] ?? '';
};
