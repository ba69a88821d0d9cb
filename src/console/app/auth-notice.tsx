import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import type { ApiError } from '../lib/api-error.ts';
import { withoutToken } from '../lib/without-token.ts';

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
