export { BalancePage } from './balance-page';
export { BillsPage } from './bills-page';
export { DashboardPage } from './dashboard-page';
export { TransferPage } from './transfer-page';
