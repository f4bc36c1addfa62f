import { api } from '../lib/api';

/** The staff calls of docs/auth-api.md "Roles and staff (§6)". */
export const ATLAS_API = '/omnis/v3/atlas';

export const REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type Decision = 'approve' | 'deny';

export interface PersonRef {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export interface PermissionRequest {
  id: number;
  user: PersonRef;
  divisionId: number | null;
  permissions: string[];
  reason: string;
  status: RequestStatus;
  answeredBy: number | null;
  answeredAt: string | null;
  createdAt: string;
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: string | null;
  sent_at: string | null;
}

export interface AtlasUser extends PersonRef {
  internal: boolean;
  verified: boolean;
  mutedAt: string | null;
  createdAt: string;
  stores: { divisionId: number; role: string; permissions: string[] }[];
}

export interface UserPage {
  data: AtlasUser[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

/** GET permissions/requests/ (pending first, at most 200), optionally of one status. */
export async function listRequests(status: RequestStatus | null, signal?: AbortSignal): Promise<PermissionRequest[]> {
  const query = status ? `?status=${status}` : '';
  return (await api<{ data: PermissionRequest[] }>(`${ATLAS_API}/permissions/requests/${query}`, { signal })).data;
}

/** POST permissions/requests/{id}/{approve|deny}/ → the answered request (409 when already answered). */
export async function answerRequest(id: number, decision: Decision): Promise<PermissionRequest> {
  return (await api<{ request: PermissionRequest }>(`${ATLAS_API}/permissions/requests/${id}/${decision}/`, { method: 'POST' })).request;
}

/** GET outbox/: the latest 100 mails, newest first. */
export async function listOutbox(signal?: AbortSignal): Promise<OutboxMail[]> {
  return (await api<{ data: OutboxMail[] }>(`${ATLAS_API}/outbox/`, { signal })).data;
}

/** GET users/?search=&page= (50 a page). */
export function listUsers(search: string, page: number, signal?: AbortSignal): Promise<UserPage> {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (page > 1) query.set('page', String(page));
  const qs = query.toString();
  return api<UserPage>(`${ATLAS_API}/users/${qs ? `?${qs}` : ''}`, { signal });
}

/** POST users/{id}/mute/ or /unmute/ → the new mutedAt (null after unmute). */
export async function setMuted(id: number, muted: boolean): Promise<string | null> {
  return (await api<{ mutedAt: string | null }>(`${ATLAS_API}/users/${id}/${muted ? 'mute' : 'unmute'}/`, { method: 'POST' })).mutedAt;
}

/** "Ada Lovelace", or the email when the user gave no name. */
export const fullName = (p: Pick<PersonRef, 'firstName' | 'lastName' | 'email'>): string => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email;
