import { z } from 'zod';
import { languages } from '../languages';
import { recordIdSchema } from './record-id';
import { researchChannels, researchPageSizeDefault, researchPageSizeMax } from './research-paths';

/** Spec §2 `lang` spellings accepted beside the four language codes. */
const languageAliases: Record<string, string> = { zh: 'zh-CN', zh_TW: 'zh-TW', 'ru-RU': 'ru' };

export const researchListParamsSchema = z.object({
  lang: z.preprocess((value) => (typeof value === 'string' ? (languageAliases[value] ?? value) : value), z.enum(languages)),
  channel: z.enum(researchChannels),
});
export type ResearchListParams = z.infer<typeof researchListParamsSchema>;

export const researchListQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(researchPageSizeMax).default(researchPageSizeDefault),
});
export type ResearchListQuery = z.infer<typeof researchListQuerySchema>;

export const researchReadParamsSchema = z.object({ id: recordIdSchema('researchReportNotFound') });

export const researchReportSummarySchema = z.object({
  id: z.string(),
  language: z.enum(languages),
  channel: z.enum(researchChannels),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  /** ISO 8601 instant. */
  publishedAt: z.string(),
});
export type ResearchReportSummary = z.infer<typeof researchReportSummarySchema>;

export const researchReportPageSchema = z.object({
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  records: z.array(researchReportSummarySchema),
});
export type ResearchReportPage = z.infer<typeof researchReportPageSchema>;

export const researchReportSchema = researchReportSummarySchema.extend({
  /** Plain-text paragraphs, in reading order; never HTML. */
  paragraphs: z.array(z.string()),
  /** The same item in the other languages it is published in, to follow a language switch. */
  translations: z.array(z.object({ language: z.enum(languages), id: z.string() })),
});
export type ResearchReport = z.infer<typeof researchReportSchema>;
