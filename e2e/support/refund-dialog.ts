// The refund dialog helpers moved into the QA kit (src/testing/console-pages.ts, order-console/testing);
// this module keeps the older specs' imports working.
export { fillRefund, refundDialog, refundThroughDialog } from '../../src/testing/console-pages.ts';
export type { DialogRefund as RefundInput } from '../../src/testing/console-pages.ts';
