// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { useHydrated, useKeepTypedText } from './hydration';

afterEach(cleanup);

/** A plain controlled form, as checkout and the newsletter block are. */
function Form({ onSend }: { onSend: (values: { name: string; note: string }) => void }) {
  const keep = useKeepTypedText();
  const hydrated = useHydrated();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  return (
    <form
      ref={keep}
      onSubmit={(e) => {
        e.preventDefault();
        onSend({ name, note });
      }}
    >
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <textarea aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="submit" disabled={!hydrated}>
        Send
      </button>
    </form>
  );
}

describe('a server-drawn form', () => {
  it('cannot be sent before hydration and keeps what was typed meanwhile through later renders', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form onSend={() => {}} />);
    document.body.append(container);
    expect(container.querySelector('button')!.disabled).toBe(true);
    container.querySelector('input')!.value = 'Ada';

    const sent: unknown[] = [];
    await act(async () => {
      render(<Form onSend={(v) => sent.push(v)} />, { container, hydrate: true });
    });
    // Typing into another field re-renders the form; the name typed before hydration survives it.
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Gift wrap' } });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ name: 'Ada', note: 'Gift wrap' }]);
  });

  it('changes nothing in a form drawn by the browser', async () => {
    const sent: unknown[] = [];
    render(<Form onSend={(v) => sent.push(v)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ name: '', note: '' }]);
  });
});
