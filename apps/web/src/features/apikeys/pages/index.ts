export { ApiManagementPage } from './api-management-page';
