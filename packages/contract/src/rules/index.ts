export * from './account-rules';
export * from './countries';
export * from './kyc-rules';
export * from './api-signing';
export * from './api-key-rules';
export * from './api-response-signing';
export * from './custody-rules';
