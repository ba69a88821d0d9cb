// What the order page shows once its heading is painted, as one dynamic import: its panels,
// its floating layer (Mantine's Tooltip and Menu, their popover and portal) and the refund dialog.
// One entry rather than one per part: the bundler then splits out only what other pages share, not
// also what these parts share among themselves (a cold order page asked for dozens of small files
// after its heading, for its history to show).
export { Tooltip } from '@mantine/core';
export { OrderApprovalsPanel } from '../approvals/order-approvals-panel.tsx';
export { HistoryPanel } from './history/history-panel.tsx';
export { LifecyclePanel } from './lifecycle/lifecycle-panel.tsx';
export { OrderCustomerSection } from '../order-index/order-customer-section.tsx';
export { RefundDialog } from './refund-dialog.tsx';
export { SimulateMenu } from './simulate-menu.tsx';
