import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys research answers. */
export const researchError = domainErrors(['researchReportNotFound'] as const);
