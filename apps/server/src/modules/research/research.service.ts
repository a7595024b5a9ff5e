import type { Language, ResearchListQuery, ResearchReport, ResearchReportPage, ResearchReportSummary } from '@coffer/contract';
import { researchReportPagePath, type ResearchChannel } from '@coffer/contract/research-paths';
import type { Db } from '../../platform/db/database';
import { researchError } from './research.errors';
import { findReport, newestReports, reportPage, translationsOf, type SummaryRow } from './research.repository';

function toSummary(row: SummaryRow): ResearchReportSummary {
  return {
    id: row.id,
    language: row.language,
    channel: row.channel,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    author: row.author,
    publishedAt: row.published_at.toISOString(),
  };
}

export function paragraphsOf(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** Published research reports and news; an item is visible once published and its time has come. */
export interface ResearchService {
  /** One channel's items in one language, newest first, a page at a time. */
  list(language: Language, channel: ResearchChannel, query: ResearchListQuery): Promise<ResearchReportPage>;
  /** One item with its paragraphs and the ids of its translations; researchReportNotFound otherwise. */
  read(id: string): Promise<ResearchReport>;
  /** The dashboard's news slot: the newest items of both channels in one language. */
  latestNews(language: Language, limit: number): Promise<Array<{ title: string; url: string; time: string }>>;
}

export function createResearchService(deps: { db: Db }): ResearchService {
  const { db } = deps;

  return {
    async list(language: Language, channel: ResearchChannel, query: ResearchListQuery): Promise<ResearchReportPage> {
      const { rows, total } = await reportPage(db, {
        language,
        channel,
        limit: query.pageSize,
        offset: (query.pageNum - 1) * query.pageSize,
      });
      return { pageNum: query.pageNum, pageSize: query.pageSize, total, records: rows.map(toSummary) };
    },

    async read(id: string): Promise<ResearchReport> {
      const row = await findReport(db, id);
      if (!row) throw researchError('researchReportNotFound');
      const translations = await translationsOf(db, row.slug, row.id);
      return { ...toSummary(row), paragraphs: paragraphsOf(row.body), translations };
    },

    /** The dashboard's news slot: the newest items of both channels in one language. */
    async latestNews(language: Language, limit: number): Promise<Array<{ title: string; url: string; time: string }>> {
      const rows = await newestReports(db, language, limit);
      return rows.map((row) => ({ title: row.title, url: researchReportPagePath(row.id), time: row.published_at.toISOString() }));
    },
  };
}
