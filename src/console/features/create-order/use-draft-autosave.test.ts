import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import { DRAFT_SAVE_DELAY_MS, draftKey } from './draft-storage.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { emptyFormValues } from './form-values.ts';
import { DRAFT_IDLE_TIMEOUT_MS, useDraftAutosave } from './use-draft-autosave.ts';

// When the draft is written: not per keystroke, once typing pauses, and at once when the page is
// hidden or left (a reload must not lose what was typed in the last moments).

const ENV = 'draft-test';
const stored = () => window.sessionStorage.getItem(draftKey(ENV));

function renderAutosave() {
  return renderHook(() => {
    const form = useForm<CreateOrderFormValues, unknown, OrderCreateRequest>({ defaultValues: emptyFormValues() });
    return { form, ...useDraftAutosave(form, ENV) };
  });
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

beforeEach(() => {
  vi.useFakeTimers();
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('useDraftAutosave', () => {
  test('writes nothing while typing goes on, then the last values once it pauses', () => {
    const { result } = renderAutosave();
    for (const text of ['O', 'OR', 'ORD', 'ORD-1']) {
      act(() => result.current.form.setValue('order_external_id', text));
      act(() => {
        vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 50);
      });
      expect(stored()).toBeNull();
    }
    act(() => {
      vi.advanceTimersByTime(50 + DRAFT_IDLE_TIMEOUT_MS);
    });
    expect(JSON.parse(stored() ?? '{}')).toMatchObject({ order_external_id: 'ORD-1' });
  });

  test.each([
    ['pagehide (reload, tab closed)', () => window.dispatchEvent(new Event('pagehide'))],
    [
      'visibilitychange to hidden (another tab, app switch)',
      () => {
        setVisibility('hidden');
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
  ])('%s writes the unsaved values at once', (_, leave) => {
    const { result } = renderAutosave();
    act(() => result.current.form.setValue('return_url', 'https://a.example'));
    expect(stored()).toBeNull();
    leave();
    expect(JSON.parse(stored() ?? '{}')).toMatchObject({ return_url: 'https://a.example' });
  });

  test('becoming visible again writes nothing', () => {
    const { result } = renderAutosave();
    act(() => result.current.form.setValue('return_url', 'https://a.example'));
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(stored()).toBeNull();
  });

  test('unmounting writes the unsaved values', () => {
    const { result, unmount } = renderAutosave();
    act(() => result.current.form.setValue('order_external_id', 'LEFT'));
    unmount();
    expect(JSON.parse(stored() ?? '{}')).toMatchObject({ order_external_id: 'LEFT' });
  });

  test('after discard nothing is written back: not later, not on pagehide, not on unmount', () => {
    const { result, unmount } = renderAutosave();
    act(() => result.current.form.setValue('order_external_id', 'SENT'));
    act(() => {
      vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS + DRAFT_IDLE_TIMEOUT_MS);
    });
    expect(stored()).not.toBeNull();
    act(() => result.current.form.setValue('order_external_id', 'SENT-2'));
    act(() => result.current.discard());
    expect(stored()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS + DRAFT_IDLE_TIMEOUT_MS);
    });
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    expect(stored()).toBeNull();
  });
});
