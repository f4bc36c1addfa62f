// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ImageUpload } from './ImageUpload';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
let fetchMock: ReturnType<typeof vi.fn>;
const seen: string[] = [];

function Harness({ start = '' }: { start?: string }) {
  const [src, setSrc] = useState(start);
  return (
    <ImageUpload
      id="logo"
      label="Logo"
      divisionId={4}
      src={src}
      onChange={(next) => {
        seen.push(next);
        setSrc(next);
      }}
    />
  );
}

beforeEach(() => {
  seen.length = 0;
  fetchMock = vi.fn(async () => json({ id: 5, url: '/media/uploads/5-logo.png', filename: 'logo.png', contentType: 'image/png', size: 3 }, 201));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dashboard image upload', () => {
  it('uploads the file to the store as multipart, previews it and can take it away', async () => {
    render(<Harness />);
    expect(screen.getByText('No image')).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Upload logo'), { target: { files: [new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' })] } });
      await settle();
    });
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/omnis/v3/divisions/4/media/');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(seen).toEqual(['/media/uploads/5-logo.png']);
    expect(screen.getByRole('img', { name: 'Logo preview' }).getAttribute('src')).toBe('/media/uploads/5-logo.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(seen.at(-1)).toBe('');
    expect(screen.getByText('No image')).toBeTruthy();
  });

  it("shows the server's message when the file is refused and keeps the picture it had", async () => {
    fetchMock.mockImplementationOnce(async () => json({ message: 'Must upload the following formats: png, jpg, webp, gif, svg' }, 422));
    render(<Harness start="/media/logo.svg" />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Replace logo'), { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
      await settle();
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Must upload the following formats: png, jpg, webp, gif, svg');
    expect(seen).toEqual([]);
    expect(screen.getByRole('img', { name: 'Logo preview' }).getAttribute('src')).toBe('/media/logo.svg');
  });
});
