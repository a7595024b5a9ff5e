import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
});

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: z.boolean(),
    jobs: z.boolean(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const serverInfoSchema = z.object({
  name: z.literal('coffer'),
  version: z.string(),
  environment: z.enum(['development', 'production', 'test']),
  mobileSiteUrl: z.string().nullable(),
  brandVariant: z.boolean(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;
