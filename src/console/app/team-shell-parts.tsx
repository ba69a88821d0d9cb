import { ApprovalsCountLink, ApprovalsNavLink, BurgerWithApprovals } from '../features/approvals/approvals-count-link.tsx';
import { TeamAccount } from './team-account.tsx';

// Team mode's parts of the shell (D16, D17), in a module of their own: they are Mantine components
// (Burger with an Indicator, NavLink with its collapse and transitions, Badge), which a personal
// console's first screen would otherwise load and evaluate for nothing. The shell loads
// this module once it runs in team mode; a page the console server renders has it loaded before the
// render and before the hydration (router.tsx, preloadServerRenderedPage).

export { ApprovalsNavLink, BurgerWithApprovals };

/** The header's end in team mode: the approvals queue (approvers), who is signed in and Sign out. */
export function TeamHeaderActions({ email }: { email: string }) {
  return (
    <>
      <ApprovalsCountLink />
      <TeamAccount email={email} />
    </>
  );
}
