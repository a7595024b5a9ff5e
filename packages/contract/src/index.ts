export * from './languages';
export * from './client';
export * from './constants';
export * from './errors/catalogue';
export * from './errors/messages';
export * from './api/envelope';
export * from './api/system';
