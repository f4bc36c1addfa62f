import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorText } from '../auth/form/serverErrors';
import { labelIdOf, scanLabel, type PickResult } from './floorApi';
import { AtlasPage } from './ui';
import { createBarcodeReader } from './barcodeReader';

type Outcome = { kind: 'picked'; result: PickResult } | { kind: 'error'; code: string; message: string } | null;

/**
 * /atlas/picking/: scan a label (a USB scanner types the code and Enter into the always-focused box, or the phone's
 * camera reads it) and see, big, which pigeonhole the item goes to.
 */
export function PickingScreen() {
  const input = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState<'off' | 'on' | 'unavailable'>('off');
  const [count, setCount] = useState(0);

  // The scan box keeps the focus: a wedge scanner types wherever the focus is.
  useEffect(() => {
    const refocus = () => {
      const active = document.activeElement;
      if (active && active !== document.body && active !== input.current && active.closest('button, a, select, textarea, input')) return;
      input.current?.focus();
    };
    refocus();
    const timer = window.setInterval(refocus, 1000);
    return () => window.clearInterval(timer);
  }, []);

  const pick = async (raw: string) => {
    const id = labelIdOf(raw);
    if (id === null) {
      setOutcome({ kind: 'error', code: raw, message: 'That is not a label barcode. Scan the barcode on the factory label.' });
      return;
    }
    setBusy(true);
    try {
      const result = await scanLabel(id);
      setOutcome({ kind: 'picked', result });
      setCount((n) => n + 1);
    } catch (error) {
      setOutcome({ kind: 'error', code: raw, message: errorText(error) });
      navigator.vibrate?.([200, 100, 200]);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    setCode('');
    if (value) void pick(value);
  };

  // Camera scanning: frames go to the barcode reader until it reads a label; the same code is not picked twice in a row.
  useEffect(() => {
    if (camera !== 'on') return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let last = '';
    void (async () => {
      try {
        const reader = await createBarcodeReader();
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stopped) {
          const value = await reader.read(video.current);
          if (value && value !== last) {
            last = value;
            await pick(value);
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } catch {
        if (!stopped) setCamera('unavailable');
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [camera]);

  return (
    <AtlasPage title="Picking" intro={<p>Scan each label. The screen tells you which pigeonhole the item goes into.</p>}>
      <form className="atlas-scan" onSubmit={submit}>
        <label className="atlas-field">
          <span className="atlas-field__label">Scan a label</span>
          <input
            ref={input}
            className="atlas-field__input atlas-scan__input"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            maxLength={40}
            placeholder="Scan or type a label number"
            aria-describedby="scan-outcome"
          />
        </label>
        <div className="atlas-scan__buttons">
          <button type="submit" className="pod-button pod-button--primary atlas-button" disabled={busy || !code.trim()}>
            Pick
          </button>
          <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={() => setCamera((c) => (c === 'on' ? 'off' : typeof navigator.mediaDevices?.getUserMedia === 'function' ? 'on' : 'unavailable'))}>
            {camera === 'on' ? 'Stop camera' : 'Use camera'}
          </button>
        </div>
      </form>
      {camera === 'unavailable' && <p className="atlas-muted">The camera could not be started (no camera, or no permission): use the scan box.</p>}
      {camera === 'on' && <video ref={video} className="atlas-scan__video" muted playsInline />}
      <div id="scan-outcome" role="status" aria-live="assertive" className={`atlas-pick${outcome ? ` atlas-pick--${outcome.kind}` : ''}`} data-testid="pick-outcome">
        {outcome === null && <p className="atlas-pick__hint">Waiting for a scan…</p>}
        {outcome?.kind === 'picked' && (
          <>
            <p className="atlas-pick__label">Pigeonhole</p>
            <p className="atlas-pick__hole" data-testid="pigeonhole">
              {outcome.result.pigeonhole}
            </p>
            <p className="atlas-pick__detail">
              {outcome.result.product} {[outcome.result.colour, outcome.result.size].filter(Boolean).join(' / ')} ·{' '}
              <Link to={`/atlas/orders/${outcome.result.orderId}/`}>order #{outcome.result.orderId}</Link>
            </p>
            <p className="atlas-pick__detail">
              {outcome.result.complete ? (
                <strong>Order complete — all {outcome.result.total} items picked. Ready to pack.</strong>
              ) : (
                `${outcome.result.picked} of ${outcome.result.total} items picked`
              )}
            </p>
          </>
        )}
        {outcome?.kind === 'error' && (
          <>
            <p className="atlas-pick__label">Do not pick — label {outcome.code}</p>
            <p className="atlas-pick__error">{outcome.message}</p>
          </>
        )}
      </div>
      <p className="atlas-muted">{count} picked this session.</p>
    </AtlasPage>
  );
}
