// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../lib/api';
import { FormDialog, useDialogSave } from './FormDialog';

// jsdom has <dialog> without its modal methods.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});
afterEach(cleanup);

function Editor({ work, onClose }: { work: () => Promise<unknown>; onClose: (changed: boolean) => void }) {
  const { error, busy, run } = useDialogSave(onClose);
  return (
    <FormDialog
      heading="Acme settings"
      error={error}
      onClose={onClose}
      actions={
        <button type="button" disabled={busy} onClick={() => void run(work)}>
          Save settings
        </button>
      }
    >
      <label>
        Name <input defaultValue="Acme" />
      </label>
    </FormDialog>
  );
}

describe('dashboard form dialog', () => {
  it('opens as a modal named by its heading; Cancel closes it unchanged', () => {
    const onClose = vi.fn();
    render(<Editor work={async () => undefined} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Acme settings' });
    expect(dialog.hasAttribute('open')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('a refused save keeps the dialog open with the server’s words and the button usable again', async () => {
    const onClose = vi.fn();
    render(<Editor work={async () => Promise.reject(new ApiError(422, 'Please enter a valid domain'))} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please enter a valid domain');
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a save that succeeds closes the dialog as changed, once', async () => {
    const onClose = vi.fn();
    const work = vi.fn(async () => undefined);
    render(<Editor work={work} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(work).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
