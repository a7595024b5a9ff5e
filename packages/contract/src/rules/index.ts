export * from './account-rules';
export * from './countries';
