export { CustodyActivatePage } from './activate-page';
export { CustodyApplyPage } from './apply-page';
export { CustodyOverviewPage } from './overview-page';
export { RolesPage as CustodyRolesPage } from './roles-page';
export { MembersPage as CustodyMembersPage } from './members-page';
export { BusinessLinesPage as CustodyBusinessLinesPage } from './business-lines-page';
export { SettingsPage as CustodySettingsPage } from './settings-page';
export { AddressesPage as CustodyAddressesPage } from './addresses-page';
