import { z } from 'zod';
import { accountSetupSchema } from './account.ts';
import { approvalEventSchema, approvalSchema } from './approvals.ts';
import { auditPaths } from './audit.ts';
import { isPermission } from './permissions.ts';
import { SESSION_API_PATH } from './session.ts';
import { passwordResetUserPath, secondFactorUserPath, unlockUserPath, USERS_API_PATH } from './users.ts';

// docs/decisions.md D16: the console server's own routes in team mode (under /api on the console's own
// site, with the session cookie), as the Order Service's are in paths.ts and schemas.ts: one place
// for their paths and the answers they give, parsed by the console's client (console/lib/api-client.ts
// consoleRequest) and written by the server. Sign-in lives under /auth, outside the session.

const id = (text: string) => encodeURIComponent(text);
const inEnvironment = (environmentId: string) => `/api/env/${id(environmentId)}`;

export const ME_PATH = '/api/me';
export const ORDER_SEARCH_PATH = '/api/orders/search';
export const SIGN_IN_API_PATH = '/auth/sign-in';
/** The sign-in's second step (docs/accounts.md): a code, after the password, under the step's cookie. */
export const SIGN_IN_CODE_API_PATH = '/auth/sign-in/code';

export const consoleApiPaths = {
  me: () => ME_PATH,
  session: () => SESSION_API_PATH,
  signIn: () => SIGN_IN_API_PATH,
  signInCode: () => SIGN_IN_CODE_API_PATH,
  users: () => USERS_API_PATH,
  user: (email: string) => `${USERS_API_PATH}/${id(email)}`,
  userUnlock: unlockUserPath,
  userPasswordReset: passwordResetUserPath,
  userSecondFactor: secondFactorUserPath,
  audit: auditPaths.list,
  auditExport: auditPaths.export,
  orderSearch: () => ORDER_SEARCH_PATH,
  orderRecords: (environmentId: string) => `${inEnvironment(environmentId)}/order-index`,
  orderImports: (environmentId: string) => `${inEnvironment(environmentId)}/order-imports`,
  orderImport: (importId: string) => `/api/order-imports/${id(importId)}`,
  teamRefund: (environmentId: string, orderId: string) => `${inEnvironment(environmentId)}/orders/${id(orderId)}/refunds`,
  teamRefundPreview: (environmentId: string, orderId: string) => `${inEnvironment(environmentId)}/orders/${id(orderId)}/refunds/preview`,
  orderApprovals: (environmentId: string, orderId: string) => `${inEnvironment(environmentId)}/orders/${id(orderId)}/approvals`,
  approvals: () => '/api/approvals',
  approvalsCount: () => '/api/approvals/count',
  approval: (approvalId: string) => `/api/approvals/${id(approvalId)}`,
  approvalDecision: (approvalId: string, decision: 'approve' | 'reject' | 'withdraw') => `/api/approvals/${id(approvalId)}/${decision}`,
  bulkRuns: (environmentId: string) => `${inEnvironment(environmentId)}/bulk-runs`,
  bulkRun: (environmentId: string, runId: string) => `${inEnvironment(environmentId)}/bulk-runs/${id(runId)}`,
  bulkRunAction: (environmentId: string, runId: string, action: 'pause' | 'resume' | 'withdraw') => `${inEnvironment(environmentId)}/bulk-runs/${id(runId)}/${action}`,
  bulkRunResultCsv: (environmentId: string, runId: string) => `${inEnvironment(environmentId)}/bulk-runs/${id(runId)}/result.csv`,
  bulkRunsAwaiting: () => '/api/bulk-runs/awaiting-approval',
  bulkRunDecision: (runId: string, decision: 'approve' | 'reject') => `/api/bulk-runs/${id(runId)}/${decision}`,
  // Sign-off scenarios run by the console server (src/scenarios/server-run.ts holds the bodies).
  scenarioRuns: (environmentId: string) => `${inEnvironment(environmentId)}/scenario-runs`,
  scenarioRun: (environmentId: string, runId: string) => `${inEnvironment(environmentId)}/scenario-runs/${id(runId)}`,
  scenarioRunAction: (environmentId: string, runId: string, action: 'stop' | 'answer') => `${inEnvironment(environmentId)}/scenario-runs/${id(runId)}/${action}`,
} as const;

/** One environment as GET /api/me describes it, with what this person may do there. */
const meEnvironmentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    production: z.boolean(),
    approval_threshold: z.string().nullable(),
    sandbox: z.boolean(),
    role: z.string().nullable(),
    // A permission this console does not know (a newer server) grants nothing here.
    permissions: z.array(z.string()).transform((permissions) => permissions.filter(isPermission)),
  })
  .transform(({ approval_threshold, ...environment }) => ({ ...environment, approvalThreshold: approval_threshold }));

/** GET /api/me: who is signed in, their grants, and per environment their role. Never a token: the server holds those. */
export const meSchema = z
  .object({
    user: z.object({ email: z.string() }),
    grants: z.array(z.string()),
    environments: z.array(meEnvironmentSchema),
    // What the account must do before anything else (account.ts); absent from an older server.
    setup: accountSetupSchema.nullish(),
  })
  .transform(({ user, grants, environments, setup }) => ({ email: user.email, grants, environments, ...(setup !== undefined && setup !== null && { setup }) }));

/** POST /auth/sign-in when the account has a second factor: no session yet, the code (or passkey) comes next. */
export const secondFactorAnswerSchema = z.object({ second_factor: z.object({ methods: z.array(z.string()) }) });

/** POST /auth/sign-in (JSON): signed in (who this is), or the second step asked for. */
export const signInAnswerSchema = z.union([meSchema, secondFactorAnswerSchema]);

/** What the server writes for GET /api/me. */
export type MeAnswer = z.input<typeof meSchema>;
/** Who is signed in, as the console reads it. */
export type TeamMe = z.output<typeof meSchema>;
export type TeamEnvironmentInfo = TeamMe['environments'][number];

/** GET /api/session: the idle clock (contract/session.ts), read by the page's warning before the idle end. */
export const sessionClockSchema = z.object({
  /** CONSOLE_SESSION_IDLE in milliseconds. */
  idle_ms: z.number().int().positive(),
  /** How long until the session ends for idleness, counted from the answer. */
  idle_ends_in_ms: z.number().int().nonnegative(),
});
export type SessionClock = z.infer<typeof sessionClockSchema>;
/** A 204's empty answer (a removal). */
export const noContentSchema = z.null();

/** A refusal's words (POST /auth/sign-in answers 401 with one). */
export const detailAnswerSchema = z.object({ detail: z.string() });

// The approvals' answers (D17).
const freshOrderSchema = z.union([
  z.object({ status: z.string(), current_amount: z.string(), refund_amount: z.string(), initial_amount: z.string() }),
  z.object({ unavailable: z.string() }),
]);
export const approvalQueueSchema = z.object({ results: z.array(z.object({ approval: approvalSchema, order: freshOrderSchema.nullable() })) });
export type ApprovalQueueEntry = z.infer<typeof approvalQueueSchema>['results'][number];
export const approvalListSchema = z.object({ results: z.array(approvalSchema) });
export const approvalTrailSchema = z.object({ approval: approvalSchema, events: z.array(approvalEventSchema) });
export const approvalCountSchema = z.object({ waiting: z.number().int() });
/** A decision's answer, and a team refund's over the threshold (202): the request as it now stands. */
export const oneApprovalSchema = z.object({ approval: approvalSchema });
/** A team refund over the limits (202): the request made, and why it waits (docs/security.md). */
export const requestedRefundSchema = oneApprovalSchema.extend({ reasons: z.array(z.string()).default([]) });

/** POST …/bulk-runs answering 409: the plan is a run the server has already (sent again after a lost answer). */
export const duplicatePlanSchema = z.object({ code: z.literal('duplicate_plan'), bulk_run_id: z.string() });
