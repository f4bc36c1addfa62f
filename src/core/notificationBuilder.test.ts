import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TITLE_MAX, draftFromQuery, notificationBuilderMessages } from './notificationBuilder';
import { titleWithUnread } from './notifications';

describe('the notification builder draft from its query (§2.2)', () => {
  it('takes title, body, related and href, and the §3 template, position, image, tag and replacePrevious', () => {
    const q = new URLSearchParams('title=Summer%20drop&body=New%20tees&related=fern-tee&href=/collection/summer/&template=bag&position=header&tag=summer&replacePrevious=true&image=/media/a.jpg');
    expect(draftFromQuery(q)).toEqual({
      title: 'Summer drop',
      body: 'New tees',
      related: 'fern-tee',
      href: '/collection/summer/',
      template: 'Bag',
      position: 'header',
      tag: 'summer',
      replacePrevious: true,
      image: '/media/a.jpg',
    });
  });

  it('falls back to a Simple card top right, and cuts an over-long title', () => {
    const draft = draftFromQuery(new URLSearchParams(`template=Loud&position=footer&title=${'x'.repeat(NOTIFICATION_TITLE_MAX + 5)}`));
    expect(draft).toMatchObject({ template: 'Simple', position: 'top-right', replacePrevious: false, body: '', href: '' });
    expect(draft.title).toHaveLength(NOTIFICATION_TITLE_MAX);
  });

  it('counts people in the sent message, and the title carries the unread count', () => {
    expect(notificationBuilderMessages.sent(1)).toBe('Sent to 1 person.');
    expect(notificationBuilderMessages.sent(3)).toBe('Sent to 3 people.');
    expect(titleWithUnread('(2) Home | Fern', 1)).toBe('(1) Home | Fern');
  });
});
