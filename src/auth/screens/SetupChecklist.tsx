import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { setupStep, type StoreSetup } from '../../core/setupSteps';
import { api } from '../../lib/api';
import { errorText } from '../form/serverErrors';
import '../setupChecklist.css';

export const setupUrl = (divisionId: number) => `/omnis/v3/divisions/${divisionId}/setup/`;

type Loaded = { key: string } & ({ status: 'loading' } | { status: 'ready'; setup: StoreSetup } | { status: 'failed'; message: string });

function useStoreSetup(divisionId: number) {
  const [attempt, setAttempt] = useState(0);
  const key = `${divisionId}:${attempt}`;
  const [result, setResult] = useState<Loaded>({ key: '', status: 'loading' });
  useEffect(() => {
    let live = true;
    api<StoreSetup>(setupUrl(divisionId))
      .then((setup) => live && setResult({ key, status: 'ready', setup }))
      .catch((error: unknown) => live && setResult({ key, status: 'failed', message: errorText(error) }));
    return () => {
      live = false;
    };
  }, [divisionId, key]);
  const loaded: Loaded = result.key === key ? result : { key, status: 'loading' };
  return { loaded, retry: () => setAttempt((n) => n + 1) };
}

function Tick() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

/**
 * "Get your store ready": the store's set-up steps from `GET /divisions/{id}/setup/` — done steps
 * ticked, the next one highlighted with what it involves and a button to where it is done (when a screen does it).
 */
export function SetupChecklist({ divisionId }: { divisionId: number }) {
  const { loaded, retry } = useStoreSetup(divisionId);
  const headingId = useId();
  const heading = (
    <h4 className="setup__title" id={headingId}>
      Get your store ready
    </h4>
  );
  if (loaded.status === 'loading') {
    return (
      <section className="setup" aria-labelledby={headingId} aria-busy="true">
        {heading}
        <p className="auth-loading setup__status">
          <span className="pod-spinner" aria-hidden="true" /> Loading your checklist…
        </p>
      </section>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <section className="setup" aria-labelledby={headingId}>
        {heading}
        <p className="auth-field__error" role="alert">
          Your checklist didn't load: {loaded.message}
        </p>
        <p>
          <button type="button" className="auth-link-button" onClick={retry}>
            Try again
          </button>
        </p>
      </section>
    );
  }
  const { steps, next } = loaded.setup;
  const done = steps.filter((s) => s.done).length;
  if (next === null) {
    return (
      <section className="setup setup--complete" aria-labelledby={headingId}>
        <span className="setup__marker setup__marker--done" aria-hidden="true">
          <Tick />
        </span>
        <div>
          <h4 className="setup__title" id={headingId}>
            Your store is ready
          </h4>
          <p className="setup__hint">Every set-up step is done. Time to tell the world.</p>
        </div>
      </section>
    );
  }
  return (
    <section className="setup" aria-labelledby={headingId}>
      <div className="setup__head">
        {heading}
        <span className="setup__count">
          {done} of {steps.length} done
        </span>
      </div>
      <div
        className="setup__bar"
        role="progressbar"
        aria-label="Set-up progress"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${steps.length} steps done`}
      >
        <span style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="setup__steps">
        {steps.map((step, index) => {
          const isNext = step.code === next;
          const definition = setupStep(step.code);
          return (
            <li
              key={step.code}
              className={`setup__step${step.done ? ' setup__step--done' : ''}${isNext ? ' setup__step--next' : ''}`}
              aria-current={isNext ? 'step' : undefined}
              data-testid={`setup-step-${step.code}`}
            >
              <span className={`setup__marker${step.done ? ' setup__marker--done' : ''}`} aria-hidden="true">
                {step.done ? <Tick /> : index + 1}
              </span>
              <div className="setup__body">
                <span className="setup__name">
                  {step.title}
                  <span className="visually-hidden">{step.done ? ' (done)' : isNext ? ' (next step)' : ' (to do)'}</span>
                </span>
                {isNext && <p className="setup__hint">{definition.hint}</p>}
              </div>
              {isNext && step.href && (
                <Link className="pod-button pod-button--primary setup__action" to={step.href}>
                  {definition.action}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
