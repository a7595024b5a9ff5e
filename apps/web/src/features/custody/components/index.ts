export { CustodyAccessState } from './custody-access-state';
export { HardwareKeyBanner } from './hardware-key-banner';
export { custodyMenuItems, visibleCustodyMenu, type CustodyMenuItem } from './custody-menu';
export { useCustodyConsole } from './use-custody-console';
