import { useCallback, useEffect, useId, useState } from 'react';
import { errorText } from '../../auth/form/serverErrors';
import { announce } from '../canvas/announce';
import { Section } from '../panels/templates';
import { useEditor } from '../store';
import { addSchedule, cancelSchedule, fetchSchedules, when, type Schedule } from './api';

const DONE: Record<Schedule['action'], string> = { publish: 'Published', unpublish: 'Unpublished' };
const PENDING: Record<Schedule['action'], string> = { publish: 'Publishes', unpublish: 'Unpublishes' };

/** `datetime-local` wants local time without a zone: an hour from now, to the minute. */
const inAnHour = () => {
  const d = new Date(Date.now() + 3_600_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * Publish or unpublish the page, or one block (`blockUid`), at a set time. Runs on the server for the saved page,
 * so a block must be saved before it can be scheduled (the server says so otherwise).
 */
export function ScheduleSection({ blockUid }: { blockUid?: string }) {
  const divisionId = useEditor((s) => s.divisionId);
  const pageId = useEditor((s) => s.page?.id ?? null);
  const [schedules, setSchedules] = useState<Schedule[] | null>(null);
  const [action, setAction] = useState<Schedule['action']>('publish');
  const [at, setAt] = useState(inAnHour);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const subject = blockUid ? 'this block' : 'this page';

  /** This page's or block's schedules (the API lists the page's, blocks' included). */
  const load = useCallback(async () => {
    if (divisionId === null || pageId === null) return [];
    return (await fetchSchedules(divisionId, pageId)).filter((s) => s.blockUid === (blockUid ?? null));
  }, [divisionId, pageId, blockUid]);
  useEffect(() => {
    let live = true;
    load().then(
      (list) => live && setSchedules(list),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [load]);
  const refresh = async () => setSchedules(await load());

  const submit = async () => {
    if (divisionId === null || pageId === null) return;
    setBusy(true);
    setError(null);
    try {
      const runAt = new Date(at);
      if (Number.isNaN(runAt.getTime())) throw new Error('Choose a date and time.');
      const made = await addSchedule(divisionId, pageId, { action, runAt: runAt.toISOString(), ...(blockUid ? { blockUid } : {}) });
      announce(`${PENDING[made.action]} ${subject} on ${when(made.runAt)}.`);
      await refresh();
    } catch (e) {
      setError(e instanceof Error && !('status' in e) ? e.message : errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (schedule: Schedule) => {
    if (divisionId === null || pageId === null) return;
    try {
      await cancelSchedule(divisionId, pageId, schedule.id);
      announce('Schedule cancelled.');
      await refresh();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Section label="Schedule" name="schedule" defaultOpen={false}>
      <div className="panel-schedule">
        {schedules === null ? (
          <p className="panel-field__help">Loading schedules…</p>
        ) : schedules.length === 0 ? (
          <p className="panel-field__help">Nothing scheduled for {subject}.</p>
        ) : (
          <ul className="panel-schedule__list" aria-label={`Schedules of ${subject}`}>
            {schedules.map((s) => (
              <li key={s.id} className="panel-schedule__item">
                {s.doneAt === null ? (
                  <>
                    <span>
                      {PENDING[s.action]} on {when(s.runAt)}
                    </span>
                    <button type="button" className="panel-button panel-button--quiet" onClick={() => void cancel(s)} aria-label={`Cancel: ${PENDING[s.action].toLowerCase()} on ${when(s.runAt)}`}>
                      Cancel
                    </button>
                  </>
                ) : (
                  <span className={s.outcome === 'done' ? '' : 'panel-field__error'}>
                    {s.outcome === 'done' ? `${DONE[s.action]} on ${when(s.doneAt)}` : `Not ${DONE[s.action].toLowerCase()} on ${when(s.runAt)}: ${s.outcome}`}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="panel-schedule__form">
          <label className="panel-field" htmlFor={`${id}-action`}>
            <span className="panel-field__label">Action</span>
            <select id={`${id}-action`} className="panel-input" value={action} onChange={(e) => setAction(e.target.value as Schedule['action'])}>
              <option value="publish">Publish</option>
              <option value="unpublish">Unpublish</option>
            </select>
          </label>
          <label className="panel-field" htmlFor={`${id}-at`}>
            <span className="panel-field__label">When</span>
            <input id={`${id}-at`} className="panel-input" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
          </label>
          {error && (
            <p id={`${id}-error`} className="panel-field__error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="panel-button" disabled={busy} onClick={() => void submit()}>
            {busy ? 'Scheduling…' : `Schedule ${subject === 'this page' ? 'page' : 'block'}`}
          </button>
        </div>
      </div>
    </Section>
  );
}
