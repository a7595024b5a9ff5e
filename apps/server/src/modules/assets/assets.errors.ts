import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the asset catalogue answers. */
export const assetsError = domainErrors(['coinNotSupported'] as const);
