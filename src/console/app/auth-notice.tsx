import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import type { ApiError } from '../lib/api-error.ts';
import { isTeamMode } from '../lib/server-config.ts';
import { withoutToken } from '../lib/without-token.ts';
import { sessionEndedStore } from './session-ended.ts';

const AUTH_NOTICE_ID = 'auth-rejected';

/** One notice however many calls fail with 401/403; it points to Settings. */
export function showAuthNotice(error: ApiError): void {
  const detail = withoutToken(error.detail ?? `HTTP ${error.status ?? ''}`);
  const message = (
    <Text size="sm">
      The service rejected the token ({detail}).{' '}
      <Anchor component={Link} to="/settings" size="sm" onClick={() => notifications.hide(AUTH_NOTICE_ID)}>
        Open Settings
      </Anchor>{' '}
      to check the environment and token.
    </Text>
  );
  notifications.hide(AUTH_NOTICE_ID);
  // Priority: with three notices on screen, this one takes a place rather than wait for one to go.
  notifications.show({ id: AUTH_NOTICE_ID, color: 'red', title: 'Token rejected', message, autoClose: false, priority: 1 });
}

/**
 * The query client's answer to failed credentials (lib/query-client.ts). Team mode: the console's own
 * server saying the session ended opens the sign-in dialog in place, whichever call found it out.
 * Anything else about credentials is the service's answer about the token (personal mode).
 */
export function handleAuthError(error: ApiError): void {
  if (isTeamMode() && error.isSessionEnded) sessionEndedStore.set(true);
  else showAuthNotice(error);
}
