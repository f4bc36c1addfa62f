/** The builder's calls for page revisions and schedules (server/api/divisions/pageHistory.ts). */
import type { RevisionSummary } from '../../core/blocks/revisionDiff';
import type { PageDocument } from '../../core/storeData';
import { api } from '../../lib/api';
import { pagePath } from '../save';

export interface RevisionEntry {
  version: number;
  createdAt: string;
  author: string;
  summary: RevisionSummary;
}

export type RevisionDocument = Pick<PageDocument, 'url' | 'layout' | 'blocks' | 'properties' | 'published' | 'sitemap' | 'theme'>;

export interface Schedule {
  id: number;
  blockUid: string | null;
  action: 'publish' | 'unpublish';
  runAt: string;
  doneAt: string | null;
  outcome: string | null;
}

const base = (divisionId: number, pageId: number) => pagePath(divisionId, pageId);

export const fetchRevisions = async (divisionId: number, pageId: number) => (await api<{ data: RevisionEntry[] }>(`${base(divisionId, pageId)}revisions/`)).data;

export const fetchRevision = (divisionId: number, pageId: number, version: number) =>
  api<RevisionEntry & { document: RevisionDocument }>(`${base(divisionId, pageId)}revisions/${version}/`);

/** Saves `version` over the page the owner has open (`openVersion`); answers the page as now saved. */
export const restoreRevision = (divisionId: number, pageId: number, version: number, openVersion: number) =>
  api<PageDocument>(`${base(divisionId, pageId)}revisions/${version}/restore/`, { method: 'POST', body: { version: openVersion } });

export const fetchSchedules = async (divisionId: number, pageId: number) => (await api<{ data: Schedule[] }>(`${base(divisionId, pageId)}schedules/`)).data;

export const addSchedule = (divisionId: number, pageId: number, body: { action: Schedule['action']; runAt: string; blockUid?: string }) =>
  api<Schedule>(`${base(divisionId, pageId)}schedules/`, { method: 'POST', body });

export const cancelSchedule = (divisionId: number, pageId: number, id: number) => api<{ message: string }>(`${base(divisionId, pageId)}schedules/${id}/`, { method: 'DELETE' });

export const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
