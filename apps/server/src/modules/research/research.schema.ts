import type { ColumnType, Generated } from 'kysely';
import type { Language } from '@coffer/contract';
import type { ResearchChannel } from '@coffer/contract/research-paths';

/** One research report or news item in one language; translations share a slug. */
export interface ResearchReportTable {
  id: Generated<string>;
  language: Language;
  channel: ResearchChannel;
  slug: string;
  title: string;
  summary: string;
  /** Plain-text paragraphs separated by a blank line; the database refuses markup. */
  body: string;
  author: string;
  published_at: ColumnType<Date, Date | string, Date | string>;
  is_published: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The research module's table (`research.migration.ts`). */
export interface ResearchTables {
  research_report: ResearchReportTable;
}
