import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render.tsx';
import { ApprovalsCountLink } from './approvals-count-link.tsx';

// D17: the header's count of refunds waiting for an approver; its answer's parser loads with the
// first request (approvals-count-query.ts), so this checks the count still arrives and is checked.

afterEach(() => setServerConfigForTests(null));

function signInAs(permissions: ('read:order' | 'approve:refund')[]) {
  setServerConfigForTests({
    mode: 'team',
    auth: 'local',
    me: { email: 'ana@example.com', grants: [], environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, sandbox: true, role: 'approver', permissions }] },
  });
}

test('an approver sees how many refunds wait for approval', async () => {
  signInAs(['read:order', 'approve:refund']);
  server.use(http.get(`${CONSOLE_ORIGIN}/api/approvals/count`, () => HttpResponse.json({ waiting: 3 })));
  renderRoute(<ApprovalsCountLink />);
  expect((await screen.findAllByRole('link', { name: 'Approvals: 3 waiting' })).length).toBeGreaterThan(0);
});

test('a count that is not a whole number is not shown as one', async () => {
  signInAs(['read:order', 'approve:refund']);
  let asked = false;
  server.use(
    http.get(`${CONSOLE_ORIGIN}/api/approvals/count`, () => {
      asked = true;
      return HttpResponse.json({ waiting: '3' });
    }),
  );
  renderRoute(<ApprovalsCountLink />);
  await expect.poll(() => asked).toBe(true);
  expect((await screen.findAllByRole('link', { name: 'Approvals: 0 waiting' })).length).toBeGreaterThan(0);
  expect(screen.queryByRole('link', { name: /3 waiting/ })).toBeNull();
});
