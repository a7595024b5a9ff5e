/** The only SQL over `research_report`: every read sees published items whose time has come. */
import type { Language } from '@coffer/contract';
import type { ResearchChannel } from '@coffer/contract/research-paths';
import type { Db } from '../../platform/db/database';
import { pageWithTotal } from '../../platform/db/page-with-total';

const summaryColumns = ['id', 'language', 'channel', 'slug', 'title', 'summary', 'author', 'published_at'] as const;

export interface SummaryRow {
  id: string;
  language: Language;
  channel: ResearchChannel;
  slug: string;
  title: string;
  summary: string;
  author: string;
  published_at: Date;
}

const visible = (db: Db) => db.selectFrom('research_report').where('is_published', '=', true).where('published_at', '<=', new Date());

/** One channel's page in one language, newest first, and how many items it has (both reads at once, at one instant). */
export async function reportPage(
  db: Db,
  page: { language: Language; channel: ResearchChannel; limit: number; offset: number },
): Promise<{ rows: SummaryRow[]; total: number }> {
  const filtered = visible(db).where('language', '=', page.language).where('channel', '=', page.channel);
  return pageWithTotal(
    filtered.select(summaryColumns).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')),
  );
}

/** One visible item with its body. */
export function findReport(db: Db, id: string): Promise<(SummaryRow & { body: string }) | undefined> {
  return visible(db)
    .select([...summaryColumns, 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The other visible items of a slug (its translations), by language. */
export function translationsOf(db: Db, slug: string, id: string): Promise<Array<{ language: Language; id: string }>> {
  return visible(db).select(['language', 'id']).where('slug', '=', slug).where('id', '!=', id).orderBy('language').execute();
}

/** The newest visible items of both channels in one language. */
export function newestReports(
  db: Db,
  language: Language,
  limit: number,
): Promise<Array<{ id: string; title: string; published_at: Date }>> {
  return visible(db)
    .select(['id', 'title', 'published_at'])
    .where('language', '=', language)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
