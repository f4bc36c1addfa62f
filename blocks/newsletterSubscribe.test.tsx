// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import NewsletterSubscribe, { SUBSCRIBE_ERROR, SUBSCRIBE_SUCCESS } from './newsletterSubscribe';
import type { NewsletterSubscribeProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<NewsletterSubscribeProperties>('newsletterSubscribe', properties);
  return renderInStore(<NewsletterSubscribe block={block} properties={p} mode="native" />);
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));

describe('newsletterSubscribe block', () => {
  it('shows the §3 default title and checks §5.2 rules with the §5.1 messages before sending', async () => {
    const fetch = mockFetch(() => json({}));
    renderForm();
    expect((await screen.findByRole('heading', { name: "Don't Miss Out" })).tagName).toBe('H2');
    submit();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    type('Email address', 'not-an-email');
    type('First name', 'Ada');
    submit();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('subscribes to the block’s list and shows the §8 success message', async () => {
    const fetch = mockFetch(() => json({ type: 'success', message: SUBSCRIBE_SUCCESS }));
    renderForm({ mailingList: 'offers' });
    type('First name', ' Ada ');
    type('Email address', 'ada@example.com');
    submit();
    expect(await screen.findByText("We've sent you an email to verify your subscription")).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/omnis/v3/marketing/subscribe/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ division: DIVISION_ID, mailingList: 'offers', email: 'ada@example.com', firstName: 'Ada' });
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('shows a server validation message as it is (§8)', async () => {
    mockFetch(() => json({ message: 'The given data was invalid.', errors: { '/email': ['Please enter a valid email address'] } }, 422));
    renderForm();
    type('First name', 'Ada');
    type('Email address', 'ada@example.com');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
  });

  it('shows the §8 failure message for any other failure', async () => {
    mockFetch(() => json({ message: '500 Server error' }, 500));
    renderForm();
    type('First name', 'Ada');
    type('Email address', 'ada@example.com');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Oops... Something went wrong, please try again later');
    expect(SUBSCRIBE_ERROR).toBe('Oops... Something went wrong, please try again later');
  });

  it('leaves the first name out when the block does not ask for it', async () => {
    const fetch = mockFetch(() => json({ type: 'success', message: SUBSCRIBE_SUCCESS }));
    renderForm({ askFirstName: false, successMessage: 'Welcome aboard!' });
    expect(screen.queryByLabelText('First name')).toBeNull();
    type('Email address', 'ada@example.com');
    submit();
    expect(await screen.findByText('Welcome aboard!')).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).not.toHaveProperty('firstName');
  });
});
