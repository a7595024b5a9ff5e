import { type Kysely, sql } from 'kysely';
import { languages } from '@coffer/contract';
import type { ResearchReportTable } from './research.schema';
import { seedAuthors, seedItems } from './research.seed';

export const paragraphSeparator = '\n\n';

/**
 * Research reports and news (spec §1, §2, §7) with the first editorial set. Text only: a
 * check refuses anything that looks like a markup tag, so no stored item can inject HTML.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table research_report (
      id bigint generated always as identity primary key,
      language text not null check (language in ('en', 'zh-CN', 'zh-TW', 'ru')),
      channel text not null check (channel in ('research', 'news')),
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
      title text not null check (length(title) between 1 and 200 and title !~ '<[A-Za-z!/?]'),
      summary text not null check (length(summary) between 1 and 600 and summary !~ '<[A-Za-z!/?]'),
      body text not null check (length(body) between 1 and 100000 and body !~ '<[A-Za-z!/?]'),
      author text not null check (length(author) between 1 and 100),
      published_at timestamptz not null,
      is_published boolean not null default false,
      created_at timestamptz not null default now(),
      unique (language, slug)
    );
    create index research_report_listing on research_report (language, channel, published_at desc, id desc) where is_published;
    create index research_report_latest on research_report (language, published_at desc, id desc) where is_published;
  `.execute(db);

  const rows = seedItems.flatMap((item) =>
    languages.map((language) => {
      const text = item.texts[language];
      return {
        language,
        channel: item.channel,
        slug: item.slug,
        title: text.title,
        summary: text.summary,
        body: text.paragraphs.join(paragraphSeparator),
        author: seedAuthors[item.desk][language],
        published_at: item.publishedAt,
        is_published: true,
      };
    }),
  );
  await (db as unknown as Kysely<{ research_report: ResearchReportTable }>).insertInto('research_report').values(rows).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table research_report`.execute(db);
}
