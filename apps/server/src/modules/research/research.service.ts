import type { Language, ResearchListQuery, ResearchReport, ResearchReportPage, ResearchReportSummary } from '@coffer/contract';
import { researchReportPagePath, type ResearchChannel } from '@coffer/contract/research-paths';
import type { Db } from '../../platform/db/database';
import { researchError } from './research.errors';

const summaryColumns = ['id', 'language', 'channel', 'slug', 'title', 'summary', 'author', 'published_at'] as const;

interface SummaryRow {
  id: string;
  language: Language;
  channel: ResearchChannel;
  slug: string;
  title: string;
  summary: string;
  author: string;
  published_at: Date;
}

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
  const visible = () => db.selectFrom('research_report').where('is_published', '=', true).where('published_at', '<=', new Date());

  return {
    async list(language: Language, channel: ResearchChannel, query: ResearchListQuery): Promise<ResearchReportPage> {
      const filtered = visible().where('language', '=', language).where('channel', '=', channel);
      const [rows, count] = await Promise.all([
        filtered
          .select(summaryColumns)
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageNum - 1) * query.pageSize)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { pageNum: query.pageNum, pageSize: query.pageSize, total: Number(count.total), records: rows.map(toSummary) };
    },

    async read(id: string): Promise<ResearchReport> {
      const row = await visible()
        .select([...summaryColumns, 'body'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw researchError('researchReportNotFound');
      const translations = await visible()
        .select(['language', 'id'])
        .where('slug', '=', row.slug)
        .where('id', '!=', row.id)
        .orderBy('language')
        .execute();
      return { ...toSummary(row), paragraphs: paragraphsOf(row.body), translations };
    },

    /** The dashboard's news slot: the newest items of both channels in one language. */
    async latestNews(language: Language, limit: number): Promise<Array<{ title: string; url: string; time: string }>> {
      const rows = await visible()
        .select(['id', 'title', 'published_at'])
        .where('language', '=', language)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ title: row.title, url: researchReportPagePath(row.id), time: row.published_at.toISOString() }));
    },
  };
}
