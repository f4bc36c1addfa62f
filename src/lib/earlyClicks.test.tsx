// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { replayEarlyClicks, takeEarlyClicks } from './earlyClicks';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The capture script exactly as index.html ships it. */
const captureScript = () => /<script>([\s\S]*?)<\/script>/.exec(readFileSync('index.html', 'utf8'))![1]!;

afterEach(() => {
  document.body.replaceChildren();
  window.__podEarlyClicks = undefined;
});

function serverDrawnPage() {
  document.body.innerHTML = `
    <div role="radiogroup" aria-label="Colour"><button type="button" role="radio" aria-label="Navy"><span>N</span></button></div>
    <button type="submit" id="pay">Pay</button>
    <button type="button" id="off" disabled>Off</button>
    <a href="#x" id="link">Link</a>`;
}

/** A product form as the app draws it: a size to choose, and Add to basket that reads the chosen size. */
function ProductForm({ added }: { added: (string | null)[] }) {
  const [size, setSize] = useState<string | null>(null);
  return (
    <div>
      <button type="button" role="radio" aria-checked={size === 'M'} onClick={() => setSize('M')}>
        M
      </button>
      <button type="button" onClick={() => added.push(size)}>
        Add to basket
      </button>
    </div>
  );
}

describe('taps before the app takes over', () => {
  it('are recorded by the page script (buttons and radios; not submits, disabled buttons or links) and pressed again once the app runs', async () => {
    new Function(captureScript())();
    serverDrawnPage();
    const navy = document.querySelector<HTMLElement>('[aria-label="Navy"]')!;
    navy.querySelector('span')!.click();
    document.getElementById('pay')!.click();
    document.getElementById('off')!.click();
    document.getElementById('link')!.click();
    const taps = takeEarlyClicks();
    expect(taps).toEqual([navy]);

    // The app has taken over: the same node now has its handler.
    const pressed: string[] = [];
    navy.addEventListener('click', () => pressed.push('navy'));
    expect(await replayEarlyClicks(taps)).toBe(1);
    expect(pressed).toEqual(['navy']);

    // Once taken, nothing is recorded, and nothing is pressed twice.
    navy.click();
    expect(window.__podEarlyClicks).toBeNull();
    expect(takeEarlyClicks()).toEqual([]);
    expect(await replayEarlyClicks(taps)).toBe(0);
    expect(pressed).toEqual(['navy', 'navy']);
  });

  it('skips a button the app replaced', async () => {
    new Function(captureScript())();
    serverDrawnPage();
    const navy = document.querySelector<HTMLElement>('[aria-label="Navy"]')!;
    navy.click();
    navy.remove();
    expect(await replayEarlyClicks(takeEarlyClicks())).toBe(0);
  });

  it('a size then Add to basket, both tapped before the app ran: the basket gets the size', async () => {
    new Function(captureScript())();
    document.body.innerHTML = `<div id="root">${renderToString(<ProductForm added={[]} />)}</div>`;
    const root = document.getElementById('root')!;
    const [size, add] = Array.from(root.querySelectorAll('button'));
    size!.click();
    add!.click();

    const added: (string | null)[] = [];
    const taps = takeEarlyClicks();
    await act(async () => {
      hydrateRoot(root, <ProductForm added={added} />);
    });
    await act(async () => {
      await replayEarlyClicks(taps);
    });
    expect(size!.getAttribute('aria-checked')).toBe('true');
    expect(added).toEqual(['M']);
  });

  it('a currency chosen in a drop-down before the app ran is chosen again once it runs (hydration drew the old one)', async () => {
    new Function(captureScript())();
    document.body.innerHTML = `<div id="root">${renderToString(<CurrencyPicker chosen={[]} />)}</div>`;
    const root = document.getElementById('root')!;
    const select = root.querySelector('select')!;
    select.value = 'EUR';
    select.dispatchEvent(new Event('change', { bubbles: true }));

    const chosen: string[] = [];
    const taps = takeEarlyClicks();
    expect(taps).toEqual([{ choose: select, value: 'EUR' }]);
    await act(async () => {
      hydrateRoot(root, <CurrencyPicker chosen={chosen} />);
    });
    await act(async () => {
      await replayEarlyClicks(taps);
    });
    expect(chosen).toEqual(['EUR']);
    expect(select.value).toBe('EUR');
  });

  it('a box ticked before the app ran is ticked in the form once it runs (the tick stayed on screen, the state did not)', async () => {
    new Function(captureScript())();
    document.body.innerHTML = `<div id="root">${renderToString(<OwnStoreForm sent={[]} />)}</div>`;
    const root = document.getElementById('root')!;
    const box = root.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    box.click();
    expect(box.checked).toBe(true);

    const sent: boolean[] = [];
    const taps = takeEarlyClicks();
    expect(taps).toEqual([{ tick: box, checked: true }]);
    await act(async () => {
      hydrateRoot(root, <OwnStoreForm sent={sent} />);
    });
    await act(async () => {
      await replayEarlyClicks(taps);
    });
    expect(box.checked).toBe(true);
    root.querySelector<HTMLButtonElement>('button')!.click();
    expect(sent).toEqual([true]);
  });

  it('a choice the drop-down no longer offers is not made', async () => {
    document.body.innerHTML = '<select><option value="GBP">GBP</option></select>';
    const select = document.querySelector('select')!;
    const changes: string[] = [];
    select.addEventListener('change', () => changes.push(select.value));
    expect(await replayEarlyClicks([{ choose: select, value: 'XXX' }])).toBe(1);
    expect(changes).toEqual([]);
    expect(select.value).toBe('GBP');
  });
});

/** The sign-up form's "I want my own store" as the app draws it: a controlled box, read when the form is sent. */
function OwnStoreForm({ sent }: { sent: boolean[] }) {
  const [ownStore, setOwnStore] = useState(false);
  return (
    <div>
      <label>
        <input type="checkbox" checked={ownStore} onChange={(e) => setOwnStore(e.target.checked)} />I want my own store
      </label>
      <button type="button" onClick={() => sent.push(ownStore)}>
        Create account
      </button>
    </div>
  );
}

/** The header's currency drop-down as the app draws it: controlled, so hydration sets the shown value back. */
function CurrencyPicker({ chosen }: { chosen: string[] }) {
  const [code, setCode] = useState('GBP');
  return (
    <select
      aria-label="Currency"
      value={code}
      onChange={(e) => {
        chosen.push(e.target.value);
        setCode(e.target.value);
      }}
    >
      <option value="GBP">GBP</option>
      <option value="EUR">EUR</option>
    </select>
  );
}
