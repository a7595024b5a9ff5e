export { CryptoIndexPage } from './crypto-index-page';
export { QuotationDetailPage } from './quotation-detail-page';
export { QuotationsPage } from './quotations-page';
