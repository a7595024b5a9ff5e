export { AddressesPage } from './addresses-page';
export { RechargePage } from './recharge-page';
export { WithdrawPage } from './withdraw-page';
