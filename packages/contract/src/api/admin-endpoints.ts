import { z } from 'zod';
import {
  activationFinishBodySchema,
  activationStartBodySchema,
  activationStartSchema,
  createOperatorBodySchema,
  createdOperatorSchema,
  operatorListItemSchema,
  operatorLoginBodySchema,
  operatorProfileSchema,
} from './admin';
import { adminPaths } from './admin-paths';
import { defineEndpoint } from './endpoint';

const tags = ['admin'];

/** The back office's own calls: activation, login (password and authenticator in one step), logout, `me`, operators. */
export const adminEndpoints = {
  activateStart: defineEndpoint({
    method: 'POST',
    path: adminPaths.activateStart,
    tags,
    summary: 'Opens an activation link: a fresh authenticator secret, held pending until the activation finishes',
    body: activationStartBodySchema,
    response: activationStartSchema,
  }),
  activateFinish: defineEndpoint({
    method: 'POST',
    path: adminPaths.activateFinish,
    tags,
    summary: 'Sets password and authenticator, activates the operator and spends the link',
    body: activationFinishBodySchema,
    response: z.null(),
  }),
  login: defineEndpoint({
    method: 'POST',
    path: adminPaths.login,
    tags,
    summary: 'Operator login: e-mail, password and authenticator code in one step; sets the back-office cookie',
    body: operatorLoginBodySchema,
    response: operatorProfileSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: adminPaths.logout,
    tags,
    summary: 'Ends the operator session',
    response: z.null(),
  }),
  me: defineEndpoint({
    method: 'GET',
    path: adminPaths.me,
    tags,
    summary: 'The signed-in operator, role and permissions',
    response: operatorProfileSchema,
  }),
  createOperator: defineEndpoint({
    method: 'POST',
    path: adminPaths.operators,
    tags,
    summary: 'Creates an operator (operators.manage), answering its one-time activation link',
    body: createOperatorBodySchema,
    response: createdOperatorSchema,
  }),
  listOperators: defineEndpoint({
    method: 'GET',
    path: adminPaths.operators,
    tags,
    summary: 'Every operator, newest first, with role, state and last login (operators.manage)',
    response: z.array(operatorListItemSchema),
  }),
};
