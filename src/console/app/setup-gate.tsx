import { Outlet } from 'react-router';
import { useTeamMe } from '../lib/use-team.ts';
import { AppLoading } from './app-loading.tsx';
import { loadable } from './loadable.tsx';
import { withPageStyles } from './page-loader.ts';

// docs/accounts.md: while the signed-in person's account has something to do first (an admin-set
// password, a second factor their role needs), every path shows that instead of the console: the
// server refuses the console's other calls until it is done, so the shell (which makes some) waits.

interface SetupProps {
  setup: 'change_password' | 'enrol_second_factor';
  email: string;
}

const AccountSetup = loadable<SetupProps>(async () => (await withPageStyles(() => import('../features/account/account-setup.tsx'))).AccountSetup, () => <AppLoading />);

export function SetupGate() {
  const me = useTeamMe();
  if (me?.setup === undefined) return <Outlet />;
  return <AccountSetup setup={me.setup} email={me.email} />;
}
