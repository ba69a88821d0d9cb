// The entry point of `order-console/testing` (package.json "exports"): the one module a QA project
// imports, so it re-exports the kit's pieces. docs/qa-kit.md documents every export.

export { expect } from '@playwright/test';
export { test } from './fixtures.ts';
export type { OrderConsoleTestFixtures, OrderConsoleWorkerFixtures } from './fixtures.ts';
export { idOf, SandboxCallError, SandboxClient } from './sandbox-client.ts';
export type { RawAnswer, SandboxFaults } from './sandbox-client.ts';
export { sampleOrder, sampleRefund, SHOP_RETURN_URL, uniqueId } from './sample-bodies.ts';
export type { OrderOverrides, RefundInput } from './sample-bodies.ts';
export { DEV_TOKEN, environmentFromEnv, EnvironmentError } from './environment.ts';
export type { ConsoleEnvironment } from './environment.ts';
export {
  createOrderThroughForm,
  field,
  fillCreateForm,
  fillRefund,
  openOrder,
  orderAmount,
  orderStatus,
  readStatus,
  refundDialog,
  refundThroughDialog,
} from './console-pages.ts';
export type { DialogRefund } from './console-pages.ts';
export { chromiumLaunchOptions, SYSTEM_CHROMIUM, SYSTEM_CHROMIUM_ARGS } from './browser.ts';
export type { FaultEffect, FaultOperation, FaultRule, FaultRuleRequest } from '../contract/faults.ts';
export type { OrderEvent, OrderEventType } from '../contract/history.ts';
export type { Order, OrderCreateRequest, OrderStatus, RefundRequest } from '../contract/schemas.ts';
