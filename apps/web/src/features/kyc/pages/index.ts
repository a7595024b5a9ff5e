export { IdentificationPage } from './identification-page';
