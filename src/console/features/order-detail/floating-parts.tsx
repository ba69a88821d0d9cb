// The order page's floating layer (Mantine's Tooltip and Menu, their popover and portal), loaded as
// one chunk once the order's heading is painted (after-heading.tsx, issue 27).
export { Tooltip } from '@mantine/core';
export { SimulateMenu } from './simulate-menu.tsx';
