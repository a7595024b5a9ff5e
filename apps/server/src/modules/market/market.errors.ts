import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the market answers. */
export const marketError = domainErrors(['coinNotSupported', 'invalidParameter', 'noMatchingData'] as const);
