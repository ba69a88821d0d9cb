import { afterEach, expect, test } from 'vitest';
import { relativeTimeFormat, setRenderSettings } from './render-settings.ts';

afterEach(() => setRenderSettings({}));

test('"… ago" follows the locale the render was given, one format per locale', () => {
  setRenderSettings({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
  const german = relativeTimeFormat();
  expect(german.format(-1, 'day')).toBe('gestern');
  expect(relativeTimeFormat()).toBe(german);
  setRenderSettings({ locale: 'en-GB', timeZone: 'Europe/London' });
  expect(relativeTimeFormat().format(-1, 'day')).toBe('yesterday');
  setRenderSettings({ locale: 'de-DE' });
  expect(relativeTimeFormat()).toBe(german);
});
