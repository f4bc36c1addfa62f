// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { replayEarlyClicks } from './earlyClicks';

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

describe('taps before the app takes over', () => {
  it('are recorded by the page script (buttons and radios; not submits, disabled buttons or links) and pressed again once the app runs', () => {
    new Function(captureScript())();
    serverDrawnPage();
    const navy = document.querySelector<HTMLElement>('[aria-label="Navy"]')!;
    navy.querySelector('span')!.click();
    document.getElementById('pay')!.click();
    document.getElementById('off')!.click();
    document.getElementById('link')!.click();
    expect(window.__podEarlyClicks).toEqual([navy]);

    // The app has taken over: the same node now has its handler.
    const pressed: string[] = [];
    navy.addEventListener('click', () => pressed.push('navy'));
    expect(replayEarlyClicks()).toBe(1);
    expect(pressed).toEqual(['navy']);

    // After that, nothing is recorded or replayed twice.
    navy.click();
    expect(window.__podEarlyClicks).toBeNull();
    expect(replayEarlyClicks()).toBe(0);
    expect(pressed).toEqual(['navy', 'navy']);
  });

  it('skips a button the app replaced', () => {
    new Function(captureScript())();
    serverDrawnPage();
    const navy = document.querySelector<HTMLElement>('[aria-label="Navy"]')!;
    navy.click();
    navy.remove();
    expect(replayEarlyClicks()).toBe(0);
  });
});
