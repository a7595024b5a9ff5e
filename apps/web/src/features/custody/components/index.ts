export { CustodyAccessState } from './custody-access-state';
export { custodyMenuItems, visibleCustodyMenu, type CustodyMenuItem } from './custody-menu';
export { useCustodyConsole } from './use-custody-console';
