import { z } from 'zod';

/** Operator roles of the back office; what each may do is the server's permission table. */
export const operatorRoles = ['superAdmin', 'compliance', 'support', 'finance'] as const;
export type OperatorRole = (typeof operatorRoles)[number];
export const operatorRoleSchema = z.enum(operatorRoles);

/** Everything an operator call can be guarded by. */
export const operatorPermissions = [
  'customers.read',
  'customers.lock',
  'kyc.review',
  'kyc.limits',
  'audit.read',
  'audit.export',
  'reconciliation.read',
  'reconciliation.run',
  'sanctions.manage',
  'operators.manage',
  'custody.review',
  'custody.billing',
] as const;
export type OperatorPermission = (typeof operatorPermissions)[number];
export const operatorPermissionSchema = z.enum(operatorPermissions);

const operatorEmail = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** Six digits are checked by the server, as a counted attempt: the shape alone is refused here. */
const totpCode = z.string().trim().max(16);

export const operatorLoginBodySchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  totpCode,
});
export type OperatorLoginBody = z.infer<typeof operatorLoginBodySchema>;

/** The signed-in operator (`me`, and the answer of a login). */
export const operatorProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: operatorRoleSchema,
  permissions: z.array(operatorPermissionSchema),
});
export type OperatorProfile = z.infer<typeof operatorProfileSchema>;

/** The token of an activation link: 256 random bits, base64url. */
const activationToken = z.string().trim().min(20).max(200);

export const activationStartBodySchema = z.object({ token: activationToken });
export type ActivationStartBody = z.infer<typeof activationStartBodySchema>;

/** The authenticator to scan; it is held pending, bound to the link, until the activation finishes. */
export const activationStartSchema = z.object({
  email: z.string(),
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeSvg: z.string(),
});
export type ActivationStart = z.infer<typeof activationStartSchema>;

export const activationFinishBodySchema = z.object({
  token: activationToken,
  /** The account password rules (rules/account-rules.ts `checkLoginPassword`). */
  password: z.string().min(1).max(128),
  totpCode,
});
export type ActivationFinishBody = z.infer<typeof activationFinishBodySchema>;

export const createOperatorBodySchema = z.object({
  email: operatorEmail,
  role: operatorRoleSchema,
  name: z.string().trim().min(1).max(100).optional(),
});
export type CreateOperatorBody = z.infer<typeof createOperatorBodySchema>;

/** A new operator and its one-time activation link (valid 24 hours). */
export const createdOperatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  activationLink: z.string(),
  expiresAt: z.string(),
});
export type CreatedOperator = z.infer<typeof createdOperatorSchema>;

/** How an operator stands: `pending` until the activation link is used, then `active`, or `disabled`. */
export const operatorStates = ['active', 'pending', 'disabled'] as const;
export type OperatorState = (typeof operatorStates)[number];

/** One operator as the operators list shows it (operators.manage). */
export const operatorListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: operatorRoleSchema,
  state: z.enum(operatorStates),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorListItem = z.infer<typeof operatorListItemSchema>;
