/** Uploads are hostile until proven otherwise: judged by content, sanitised, and only then stored. */
export { inspectUpload, uploadPolicies, type UploadPolicy, type UploadPolicyName } from './upload-inspector';
export { imagePixelLimits } from './image-sanitiser';
export type { AcceptedUpload, InspectedUpload, RefusedUpload, UploadKind, UploadRefusalReason } from './upload-result';
