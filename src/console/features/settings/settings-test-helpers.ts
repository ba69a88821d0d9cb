import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

// Steps the settings tests share, written as a user would do them.

export function card(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

export function dialog(): HTMLElement {
  return screen.getByRole('dialog');
}

export function tokenInput(): HTMLInputElement {
  const input = within(dialog()).getByLabelText(/^token/i);
  if (!(input instanceof HTMLInputElement)) throw new Error('the token field is not an input');
  return input;
}

export interface EnvironmentInput {
  name?: string;
  token?: string;
  production?: boolean;
  sandbox?: boolean;
  remember?: boolean;
}

/** Replaces an input's text the way a user pasting would (typing key by key is slow in jsdom). */
async function replaceText(user: UserEvent, input: HTMLElement, text: string): Promise<void> {
  await user.clear(input);
  if (text !== '') await user.paste(text);
}

/** Fills the open add/edit dialog; only the fields given are changed. */
export async function fillForm(user: UserEvent, input: EnvironmentInput): Promise<void> {
  const form = within(dialog());
  if (input.name !== undefined) await replaceText(user, form.getByRole('textbox', { name: /name/i }), input.name);
  if (input.token !== undefined) await replaceText(user, tokenInput(), input.token);
  const boxes: [boolean | undefined, RegExp][] = [
    [input.production, /^production/i],
    [input.sandbox, /^sandbox/i],
    [input.remember, /remember token/i],
  ];
  for (const [wanted, label] of boxes) {
    if (wanted === undefined) continue;
    const box = form.getByRole('checkbox', { name: label });
    if (box instanceof HTMLInputElement && box.checked !== wanted) await user.click(box);
  }
}

export async function addEnvironment(user: UserEvent, input: EnvironmentInput & { name: string; token: string }): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Add environment' }));
  await fillForm(user, input);
  await user.click(within(dialog()).getByRole('button', { name: 'Add environment' }));
  expect(await screen.findByRole('region', { name: input.name })).toBeInTheDocument();
}

export async function editEnvironment(user: UserEvent, name: string, input: EnvironmentInput): Promise<void> {
  await user.click(within(card(name)).getByRole('button', { name: `Edit ${name}` }));
  await fillForm(user, input);
  await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
  await waitForDialogToClose();
}

export async function waitForDialogToClose(): Promise<void> {
  await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
}

/** Every key and value in a storage, for "the token is not in there" checks. */
export function storageText(storage: Storage): string {
  const parts: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) parts.push(key, storage.getItem(key) ?? '');
  }
  return parts.join('\n');
}

export function headerBadge(): HTMLElement {
  return screen.getByRole('link', { name: /^active environment:/i });
}
