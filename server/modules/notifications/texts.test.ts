/** The notification catalogue (issue 20): typed entries, stored as template + parameters, rendered per language. */
import { describe, expect, it } from 'vitest';
import { whenText } from '../schedules/dhaka-time';
import { NotificationTexts, renderNotification } from './texts';

describe('notification texts', () => {
  it('writes a meeting price as people do, with Bengali digits in Bangla', () => {
    const when = whenText('2026-03-05', '10:00', '11:30');
    const text = NotificationTexts.meetingScheduled('Ayesha Siddiqua', 'জমির দলিল', when, '2250.00');
    expect(text.en).toContain('Price ৳2,250 — pay to confirm.');
    expect(text.bn).toContain('মূল্য ৳২,২৫০');
    expect(text.bn).not.toMatch(/[0-9]/);
    expect(text.template).toBe('meetingScheduled');
  });

  it('renders a stored template and its JSON parameters again, in either language', () => {
    const stored = JSON.parse(JSON.stringify(NotificationTexts.reviewAdded('Rahim Mia', 4))) as {
      template: string;
      params: unknown;
    };
    expect(renderNotification(stored.template, stored.params, 'en')).toBe('Rahim Mia reviewed you: 4 out of 5.');
    expect(renderNotification(stored.template, stored.params, 'bn')).toBe(
      'Rahim Mia আপনাকে রিভিউ দিয়েছেন: ৫-এর মধ্যে ৪।',
    );
  });

  it('gives null for a row without a template it knows, so the stored text is shown', () => {
    expect(renderNotification(null, null, 'bn')).toBeNull();
    expect(renderNotification('bookingConfirmedLater', ['x'], 'bn')).toBeNull();
    expect(renderNotification('toString', [], 'en')).toBeNull();
  });
});
