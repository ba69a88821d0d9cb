import type { CreateOrderFormValues } from './form-values.ts';
import { parseFormValues } from './form-values.ts';

// The draft lives in sessionStorage, per environment: it survives a reload of this tab and is gone
// with the tab. It holds what the user typed, never a token.

export const DRAFT_SAVE_DELAY_MS = 300;

export const draftKey = (environmentId: string) => `order-console:draft:${environmentId}`;

export function loadDraft(environmentId: string): CreateOrderFormValues | null {
  try {
    const raw = window.sessionStorage.getItem(draftKey(environmentId));
    return raw === null ? null : parseFormValues(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function saveDraft(environmentId: string, values: CreateOrderFormValues): void {
  try {
    window.sessionStorage.setItem(draftKey(environmentId), JSON.stringify(values));
  } catch {
    // Storage full or disabled: the form still works, only the reload safety net is lost.
  }
}

export function removeDraft(environmentId: string): void {
  try {
    window.sessionStorage.removeItem(draftKey(environmentId));
  } catch {
    // Nothing stored, nothing to remove.
  }
}
