export { AutoSwapPage } from './auto-swap-page';
export { AutoSwapRecordsPage } from './auto-swap-records-page';
export { OrderDetailPage } from './order-detail-page';
export { OrdersPage } from './orders-page';
export { SpotTradePage } from './spot-trade-page';
