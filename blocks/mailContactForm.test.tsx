// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import MailContactForm from './mailContactForm';
import type { MailContactFormProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<MailContactFormProperties>('mailContactForm', { contactEmail: 'owner@shop.example', ...properties }, 'contact-1');
  return renderInStore(<MailContactForm block={block} properties={p} mode="native" />);
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fill = () => {
  type('Name', 'Grace');
  type('Email address', 'grace@example.com');
  type('Message', 'Do you print in bulk?');
};

describe('mailContactForm block', () => {
  it('titles itself "Contact us" and requires name, a valid email and a message', () => {
    const fetch = mockFetch(() => json({}));
    renderForm();
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    type('Email address', 'grace@');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the block uid (never an address) and shows the success message', async () => {
    const fetch = mockFetch(() => json({ type: 'success', message: 'ok' }));
    renderForm({ successMessage: 'Thanks! We reply within a day.' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thanks! We reply within a day.')).toBeTruthy();
    const body = JSON.parse(String(fetch.mock.calls[0]![1]?.body));
    expect(fetch.mock.calls[0]![0]).toBe('/omnis/v3/marketing/contact/');
    expect(body).toEqual({ division: DIVISION_ID, blockUid: 'contact-1', name: 'Grace', email: 'grace@example.com', message: 'Do you print in bulk?' });
    expect(JSON.stringify(body)).not.toContain('owner@shop.example');
  });

  it('asks for a phone number only when set to', () => {
    renderForm({ askPhone: true });
    expect(screen.getByLabelText('Phone (optional)')).toBeTruthy();
  });

  it('shows the server message for a refused form and the generic one for a server error', async () => {
    mockFetch(() => json({ message: 'Contact form not found' }, 404));
    renderForm();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Contact form not found');
    cleanup();
    mockFetch(() => json({ message: '500 Server error' }, 500));
    renderForm();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Oops... looks like something went wrong. Please try again.');
  });
});
