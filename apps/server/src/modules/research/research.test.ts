import { errorCatalogue, languages, languageTypeByLanguage, researchPaths, researchReportPagePath, walletPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail, type identityClient } from '../../../test/identity-helpers';
import { seedItems } from './research.seed';

let database: TestDatabase;
let app: FastifyInstance;
let reader: ReturnType<typeof identityClient>;

const researchPerLanguage = seedItems.filter((item) => item.channel === 'research').length;
const newsPerLanguage = seedItems.filter((item) => item.channel === 'news').length;

const listUrl = (lang: string, channel: string, query = '') =>
  `${researchPaths.list.replace(':lang', lang).replace(':channel', channel)}${query}`;
const readUrl = (id: string) => researchPaths.read.replace(':id', id);

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read loosely
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  reader = (await signUpByEmail(app, `research-${Date.now() % 100000}@coffer.test`)).client;
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the editorial set seeded by the migration', () => {
  it('holds every item in all four languages, at least six per language, with plain-text paragraphs', async () => {
    expect(researchPerLanguage + newsPerLanguage).toBeGreaterThanOrEqual(6);
    const rows = await database.db.selectFrom('research_report').select(['language', 'slug', 'body', 'is_published']).execute();
    for (const language of languages) {
      expect(rows.filter((row) => row.language === language && row.is_published)).toHaveLength(seedItems.length);
    }
    for (const row of rows) expect(row.body.split('\n\n').length).toBeGreaterThanOrEqual(3);
  });

  it('refuses markup in a stored text', async () => {
    await expect(
      database.db
        .insertInto('research_report')
        .values({
          language: 'en',
          channel: 'news',
          slug: 'markup',
          title: 'Markup',
          summary: 'Markup',
          body: 'Hello <script>alert(1)</script>',
          author: 'x',
          published_at: new Date(),
          is_published: true,
        })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('GET /pfs/research/anon/report/list/{lang}/{channel}', () => {
  it('lists one language and channel newest first, to anonymous callers', async () => {
    const research = await get(listUrl('en', 'research'));
    expect(research.status).toBe(200);
    expect(research.body.code).toBe(0);
    expect(research.body.data).toMatchObject({ pageNum: 1, pageSize: 10, total: researchPerLanguage });
    const records = research.body.data.records as Array<{
      language: string;
      channel: string;
      publishedAt: string;
      title: string;
      summary: string;
      author: string;
    }>;
    expect(records.every((record) => record.language === 'en' && record.channel === 'research')).toBe(true);
    expect(records.map((record) => record.publishedAt)).toEqual(
      records
        .map((record) => record.publishedAt)
        .sort()
        .reverse(),
    );
    expect(records[0]).not.toHaveProperty('paragraphs');
    expect(records[0]?.title).toBe('Stablecoins explained: USDT and USDC');

    const news = await get(listUrl('en', 'news'));
    expect(news.body.data.total).toBe(newsPerLanguage);
    expect(news.body.data.records.every((record: { channel: string }) => record.channel === 'news')).toBe(true);
  });

  it('answers each language in its own words, accepting the spec’s lang spellings', async () => {
    const russian = await get(listUrl('ru', 'research'));
    expect(russian.body.data.total).toBe(researchPerLanguage);
    expect(russian.body.data.records[0]).toMatchObject({
      language: 'ru',
      title: 'Стейблкоины простыми словами: USDT и USDC',
      author: 'Аналитический отдел Coffer',
    });

    const simplified = await get(listUrl('zh', 'news'));
    expect(simplified.body.data.records[0]).toMatchObject({ language: 'zh-CN', title: 'Coffer 绝不会向您索要资金密码或验证码' });
    const traditional = await get(listUrl('zh_TW', 'news'));
    expect(traditional.body.data.records[0]).toMatchObject({ language: 'zh-TW', title: 'Coffer 絕不會向您索取資金密碼或驗證碼' });
  });

  it('pages without gaps or repeats', async () => {
    const all = (await get(listUrl('zh-TW', 'research', '?pageSize=50'))).body.data.records.map((record: { id: string }) => record.id);
    const first = await get(listUrl('zh-TW', 'research', '?pageNum=1&pageSize=4'));
    const second = await get(listUrl('zh-TW', 'research', '?pageNum=2&pageSize=4'));
    const beyond = await get(listUrl('zh-TW', 'research', '?pageNum=3&pageSize=4'));
    expect(first.body.data).toMatchObject({ pageNum: 1, pageSize: 4, total: researchPerLanguage });
    expect(second.body.data).toMatchObject({ pageNum: 2, pageSize: 4, total: researchPerLanguage });
    const paged = [...first.body.data.records, ...second.body.data.records].map((record: { id: string }) => record.id);
    expect(paged).toEqual(all);
    expect(beyond.body.data.records).toEqual([]);
  });

  it('refuses a page size over 50, a bad page, language or channel with an envelope error', async () => {
    const tooLarge = await get(listUrl('en', 'research', '?pageSize=51'));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ code: errorCatalogue.invalidParameter.code, data: { field: 'pageSize' } });
    expect((await get(listUrl('en', 'research', '?pageSize=0'))).body).toMatchObject({
      code: errorCatalogue.invalidParameter.code,
      data: { field: 'pageSize' },
    });
    expect((await get(listUrl('en', 'research', '?pageNum=abc'))).body).toMatchObject({
      code: errorCatalogue.invalidParameter.code,
      data: { field: 'pageNum' },
    });
    expect((await get(listUrl('de', 'research'))).body).toMatchObject({
      code: errorCatalogue.invalidParameter.code,
      data: { field: 'lang' },
    });
    const badChannel = await get(listUrl('en', 'rumours'), { 'LANGUAGE-TYPE': languageTypeByLanguage.ru });
    expect(badChannel.body).toMatchObject({ code: errorCatalogue.invalidParameter.code, msg: 'Недопустимое значение параметра: channel' });
  });

  it('hides unpublished items and items whose publication time has not come', async () => {
    const hidden = await database.db
      .insertInto('research_report')
      .values([
        {
          language: 'en',
          channel: 'news',
          slug: 'draft-notice',
          title: 'Draft',
          summary: 'Draft',
          body: 'Draft',
          author: 'x',
          published_at: new Date(Date.now() - 60_000),
          is_published: false,
        },
        {
          language: 'en',
          channel: 'news',
          slug: 'scheduled-notice',
          title: 'Scheduled',
          summary: 'Scheduled',
          body: 'Later',
          author: 'x',
          published_at: new Date(Date.now() + 3600_000),
          is_published: true,
        },
      ])
      .returning('id')
      .execute();
    const news = await get(listUrl('en', 'news'));
    expect(news.body.data.total).toBe(newsPerLanguage);
    for (const row of hidden) {
      expect((await reader.get(readUrl(row.id))).body.code).toBe(errorCatalogue.researchReportNotFound.code);
    }
  });
});

describe('GET /pfs/research/report/read/{id}', () => {
  it('reads a published report as paragraphs, with its translations', async () => {
    const listed = (await get(listUrl('ru', 'research'))).body.data.records.find(
      (record: { slug: string }) => record.slug === 'ledger-double-entry-and-holds',
    );
    const answer = await reader.get(readUrl(listed.id));
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({
      id: listed.id,
      language: 'ru',
      channel: 'research',
      title: 'Как учётная книга Coffer сохраняет каждый баланс точным',
    });
    expect(answer.body.data.paragraphs).toHaveLength(5);
    expect(answer.body.data.paragraphs[0]).toMatch(/^Каждый баланс в Coffer/);
    expect(answer.body.data.translations.map((translation: { language: string }) => translation.language).sort()).toEqual([
      'en',
      'zh-CN',
      'zh-TW',
    ]);
    const english = answer.body.data.translations.find((translation: { language: string }) => translation.language === 'en');
    expect((await reader.get(readUrl(english.id))).body.data.title).toBe('How Coffer’s ledger keeps every balance exact');
  });

  it('asks an anonymous caller to log in', async () => {
    const listed = (await get(listUrl('en', 'news'))).body.data.records[0];
    const anonymous = await get(readUrl(listed.id));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(errorCatalogue.loginRequired.code);
  });

  it('answers an unknown id with the research code in the caller’s language, and a malformed id as invalid', async () => {
    for (const language of languages) {
      const answer = await reader.get(readUrl('999999999'), { 'LANGUAGE-TYPE': languageTypeByLanguage[language] });
      expect(answer.body).toMatchObject({ code: 19000020, msg: errorCatalogue.researchReportNotFound.messages[language] });
    }
    expect((await reader.get(readUrl('abc'))).body).toMatchObject({ code: errorCatalogue.invalidParameter.code, data: { field: 'id' } });
    expect((await reader.get(readUrl('99999999999999999999'))).body).toMatchObject({
      code: errorCatalogue.invalidParameter.code,
      data: { field: 'id' },
    });
  });
});

describe('dashboard news', () => {
  it('fills the news slot with the five newest items of the caller’s language, linking to the reading page', async () => {
    const english = (await reader.get(walletPaths.dashboard)).body.data.news as Array<{ title: string; url: string; time: string }>;
    expect(english).toHaveLength(5);
    expect(english[0]).toMatchObject({
      title: 'Coffer will never ask for your fund password or verification codes',
      time: '2026-11-19T08:00:00.000Z',
    });
    expect(english.map((item) => item.time)).toEqual(
      english
        .map((item) => item.time)
        .sort()
        .reverse(),
    );
    const newest = (await get(listUrl('en', 'news'))).body.data.records[0];
    expect(english[0]?.url).toBe(researchReportPagePath(newest.id));

    const russian = (await reader.get(walletPaths.dashboard, { 'LANGUAGE-TYPE': languageTypeByLanguage.ru })).body.data.news;
    expect(russian[0].title).toBe('Coffer никогда не просит пароль для средств или коды подтверждения');
    expect(russian[1].title).toBe('Стейблкоины простыми словами: USDT и USDC');
  });
});
