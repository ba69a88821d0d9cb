import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DEFAULT_ENVIRONMENT_ID, getToken } from '../../lib/environments.ts';
import { renderApp } from '../../test/render.tsx';
import { addEnvironment, card, dialog, editEnvironment, fillForm, headerBadge, storageText, tokenInput, waitForDialogToClose } from './settings-test-helpers.ts';

async function openSettings() {
  const app = renderApp('/settings');
  // The page is lazy: the first render waits for its module.
  await screen.findByRole('heading', { name: 'Connection settings' }, { timeout: 10_000 });
  return app;
}

// Whole-app renders with several dialogs each: slow on a busy 2-core machine, not a hang.
describe('environments', { timeout: 20_000 }, () => {
  test('starts with the same-origin sandbox, active, holding the development token', async () => {
    const { user } = await openSettings();
    const local = card('Local sandbox');
    expect(within(local).getByText('Active')).toBeInTheDocument();
    expect(within(local).getByText('Sandbox')).toBeInTheDocument();
    expect(within(local).getByText(`${window.location.origin} (this site)`)).toBeInTheDocument();
    expect(headerBadge()).toHaveAccessibleName('Active environment: Local sandbox');
    expect(within(local).queryByRole('button', { name: 'Use Local sandbox' })).toBeNull();

    await user.click(within(local).getByRole('button', { name: 'Edit Local sandbox' }));
    expect(tokenInput()).toHaveValue('dev-token');
    // No base URL to fill in; a browser here can call only this site (connect-src 'self').
    expect(within(dialog()).queryByRole('textbox', { name: /base url/i })).toBeNull();
  });

  test('adds an environment without switching to it', async () => {
    const { user } = await openSettings();
    await addEnvironment(user, { name: 'Staging', token: 'stg-secret-1' });

    const staging = card('Staging');
    expect(within(staging).getByText(`${window.location.origin} (this site)`)).toBeInTheDocument();
    expect(within(staging).queryByText('Active')).toBeNull();
    expect(within(staging).getByText('Token kept for this browser tab only')).toBeInTheDocument();
    expect(headerBadge()).toHaveAccessibleName('Active environment: Local sandbox');
  });

  test('the form says what is wrong before saving anything', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Add environment' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Add environment' }));
    expect(within(dialog()).getByText('Give the environment a name')).toBeInTheDocument();
    expect(within(dialog()).getByText('Enter the API token')).toBeInTheDocument();

    await fillForm(user, { name: 'local sandbox', token: 'has space' });
    await user.click(within(dialog()).getByRole('button', { name: 'Add environment' }));
    expect(within(dialog()).getByText('Another environment already has this name')).toBeInTheDocument();
    expect(within(dialog()).getByText('A token has no spaces or line breaks')).toBeInTheDocument();

    await fillForm(user, { name: 'Live', token: 'live-1', production: true, sandbox: true });
    await user.click(within(dialog()).getByRole('button', { name: 'Add environment' }));
    expect(within(dialog()).getByText(/no sandbox control api/i)).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitForDialogToClose();
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  test('edits an environment; renaming the active one renames the header badge', async () => {
    const { user } = await openSettings();
    await editEnvironment(user, 'Local sandbox', { name: 'My laptop' });
    expect(card('My laptop')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Local sandbox' })).toBeNull();
    expect(headerBadge()).toHaveAccessibleName('Active environment: My laptop');
  });

  test('switches the active environment, and the header badge follows', async () => {
    const { user } = await openSettings();
    await addEnvironment(user, { name: 'Staging', token: 'stg-secret-1' });
    await user.click(within(card('Staging')).getByRole('button', { name: 'Use Staging' }));

    expect(headerBadge()).toHaveAccessibleName('Active environment: Staging');
    expect(within(card('Staging')).getByText('Active')).toBeInTheDocument();
    expect(within(card('Local sandbox')).queryByText('Active')).toBeNull();

    await user.click(within(card('Local sandbox')).getByRole('button', { name: 'Use Local sandbox' }));
    expect(headerBadge()).toHaveAccessibleName('Active environment: Local sandbox');
  });

  test('removing asks first; removing the active one switches to another', async () => {
    const { user } = await openSettings();
    await addEnvironment(user, { name: 'Staging', token: 'stg-secret-1' });
    await user.click(within(card('Staging')).getByRole('button', { name: 'Use Staging' }));

    await user.click(within(card('Staging')).getByRole('button', { name: 'Remove Staging' }));
    expect(within(dialog()).getByText(/switches to “Local sandbox”/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Keep it' }));
    await waitForDialogToClose();
    expect(card('Staging')).toBeInTheDocument();

    await user.click(within(card('Staging')).getByRole('button', { name: 'Remove Staging' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await waitForDialogToClose();
    expect(screen.queryByRole('region', { name: 'Staging' })).toBeNull();
    expect(headerBadge()).toHaveAccessibleName('Active environment: Local sandbox');
    expect(storageText(window.sessionStorage)).not.toContain('stg-secret-1');
  });

  test('the last environment cannot be removed', async () => {
    await openSettings();
    expect(within(card('Local sandbox')).getByRole('button', { name: 'Remove Local sandbox' })).toBeDisabled();
    expect(screen.getByText(/the last one cannot be removed/i)).toBeInTheDocument();
  });
});

describe('the token', { timeout: 20_000 }, () => {
  test('is masked until the show button is pressed', async () => {
    const { user } = await openSettings();
    await user.click(within(card('Local sandbox')).getByRole('button', { name: 'Edit Local sandbox' }));
    expect(tokenInput()).toHaveAttribute('type', 'password');
    expect(tokenInput()).toHaveAttribute('autocomplete', 'off');

    await user.click(within(dialog()).getByRole('button', { name: 'Show token' }));
    expect(tokenInput()).toHaveAttribute('type', 'text');
    expect(tokenInput()).toHaveValue('dev-token');

    await user.click(within(dialog()).getByRole('button', { name: 'Hide token' }));
    expect(tokenInput()).toHaveAttribute('type', 'password');
  });

  test('stays in sessionStorage, out of localStorage, unless "remember" is ticked', async () => {
    const { user } = await openSettings();
    await addEnvironment(user, { name: 'Staging', token: 'stg-secret-1' });
    await editEnvironment(user, 'Local sandbox', { token: 'local-secret-2' });

    expect(storageText(window.sessionStorage)).toContain('stg-secret-1');
    expect(storageText(window.sessionStorage)).toContain('local-secret-2');
    expect(storageText(window.localStorage)).not.toContain('stg-secret-1');
    expect(storageText(window.localStorage)).not.toContain('local-secret-2');
    expect(storageText(window.localStorage)).toContain('Staging');

    await editEnvironment(user, 'Staging', { remember: true });
    expect(within(card('Staging')).getByText('Token remembered on this device')).toBeInTheDocument();
    expect(storageText(window.localStorage)).toContain('stg-secret-1');
    expect(storageText(window.sessionStorage)).not.toContain('stg-secret-1');
    expect(storageText(window.localStorage)).not.toContain('local-secret-2');

    await editEnvironment(user, 'Staging', { remember: false });
    expect(storageText(window.localStorage)).not.toContain('stg-secret-1');
    expect(storageText(window.sessionStorage)).toContain('stg-secret-1');
  });

  test('is never shown outside the form: not on the page, in the title, or in a URL', async () => {
    const { user, router } = await openSettings();
    await editEnvironment(user, 'Local sandbox', { token: 'local-secret-2' });
    expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('local-secret-2');
    await user.click(within(card('Local sandbox')).getByRole('button', { name: 'Test connection to Local sandbox' }));
    await within(card('Local sandbox')).findByText('Token rejected');

    expect(document.body.textContent).not.toContain('local-secret-2');
    expect(document.title).not.toContain('local-secret-2');
    expect(router.state.location.pathname + router.state.location.search).not.toContain('local-secret-2');
  });
});
