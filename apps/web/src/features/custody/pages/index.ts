export { CustodyActivatePage } from './activate-page';
export { CustodyApplyPage } from './apply-page';
export { CustodyOverviewPage } from './overview-page';
