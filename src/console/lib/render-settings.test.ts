import { afterEach, expect, test } from 'vitest';
import { formatAge, formatDateTime } from '../features/order-detail/order-format.ts';
import { renderNow, setRenderSettings } from './render-settings.ts';

afterEach(() => setRenderSettings({}));

test('dates follow the locale and time zone the render was given; "… ago" stays English, like the sentence it ends', () => {
  setRenderSettings({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
  expect(formatDateTime('2026-03-01T10:00:00Z')).toBe(new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Berlin' }).format(Date.parse('2026-03-01T10:00:00Z')));
  expect(formatDateTime('2026-03-01T10:00:00Z')).toContain('11:00:00');
  expect(formatAge(86_400_000)).toBe('yesterday');
  setRenderSettings({ locale: 'en-GB', timeZone: 'Europe/London' });
  expect(formatDateTime('2026-03-01T10:00:00Z')).toContain('10:00:00');
});

test('while a page is rendered or hydrated, now is the render’s instant', () => {
  setRenderSettings({ renderedAt: 1_000 });
  expect(renderNow()).toBe(1_000);
  setRenderSettings({});
  expect(Math.abs(renderNow() - Date.now())).toBeLessThan(1_000);
});
