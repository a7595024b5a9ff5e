import {
  checkAdminEmail,
  checkLineName,
  checkReviewers,
  custodyLimits,
  fromBaseUnits,
  isDecimalAmount,
  normaliseEmail,
  toBaseUnits,
  type CustodyLine,
  type CustodyLineBody,
} from '@coffer/contract';
import type { DatabaseError } from 'pg';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import { countAccounts } from './accounts.repository';
import { consoleAuditFields, type ConsoleActor } from './console-actor';
import { hasControlCharacters, type CustodyDestinations } from './custody-destinations';
import { custodyError } from './custody.errors';
import {
  countReviewerCandidates,
  insertLine,
  lockLine,
  lineHasActivatedReviewer,
  readLines,
  replaceLineAccounts,
  replaceLineRows,
  updateLine,
  type LineRecord,
  type LineSettings,
} from './lines.repository';
import { asPlatform, inOrganisation } from './tenant-transaction';
import { proposeChange } from './changes.service';
import { decimalText, policyOfRecord, policyOfSettings, samePolicy } from './line-policy';

/** Who edits a line: the member (the proposer of a policy change) and where from, for the audit log. */
type EditCaller = ConsoleActor & { memberId: string };

/** The scale of the limit columns (NUMERIC(38, 18)): at most 20 whole digits. */
const limitScale = 18;
const limitCeiling = 10n ** 38n;

export function lineView(record: LineRecord): CustodyLine {
  return {
    id: record.line.id,
    name: record.line.name,
    adminEmail: record.line.admin_email,
    currencies: record.line.currencies,
    accountIds: record.accountIds,
    minReviewers: record.line.min_reviewers,
    reviewerMemberIds: record.reviewerMemberIds,
    limits: record.limits.map((limit) => ({
      asset: limit.asset,
      perTransaction: decimalText(limit.per_transaction),
      perDay: decimalText(limit.per_day),
      perWeek: decimalText(limit.per_week),
      perMonth: decimalText(limit.per_month),
    })),
    whitelist: record.whitelist.map((entry) => ({
      asset: entry.asset,
      chain: entry.chain,
      address: entry.address,
      tag: entry.tag,
      note: entry.note,
    })),
    frozenAt: record.line.frozen_at?.toISOString() ?? null,
    createdAt: record.line.created_at.toISOString(),
  };
}

/**
 * The business lines (spec §3, §5): a name unique in the organisation, a sub-admin's e-mail,
 * the coins it handles, its custody accounts, its reviewers (at least the minimum, members of
 * the organisation), per-coin withdrawal limits (transaction ≤ day ≤ week ≤ month, exact
 * decimals) and a whitelist of destinations. Stored here; the withdrawals enforce them.
 */
export function createLinesService(deps: {
  db: Db;
  audit: Pick<AuditApi, 'record'>;
  assets: Pick<AssetsApi, 'get'>;
  destinations: CustodyDestinations;
}) {
  const { db, audit, assets, destinations } = deps;

  /** Every rule that needs no organisation data, each with its own code: the line's cleaned settings. */
  async function checkedSettings(body: CustodyLineBody): Promise<LineSettings> {
    const name = body.name.trim();
    if (checkLineName(name) || hasControlCharacters(name))
      throw custodyError('custodyLineNameInvalid', { max: custodyLimits.lineNameMaxChars }, 'name');
    const adminEmail = normaliseEmail(body.adminEmail);
    if (checkAdminEmail(adminEmail) || hasControlCharacters(adminEmail)) throw custodyError('custodyAdminEmailInvalid', {}, 'adminEmail');
    const reviewerMemberIds = [...new Set(body.reviewerMemberIds)];
    if (checkReviewers(reviewerMemberIds.length, body.minReviewers))
      throw custodyError('custodyReviewersBelowMinimum', { min: body.minReviewers }, 'reviewerMemberIds');

    const scales = new Map<string, number>();
    for (const code of body.currencies) {
      const asset = await assets.get(code, 'currencies');
      scales.set(asset.code, asset.scale);
    }
    const limits: LineSettings['limits'] = [];
    for (const [index, limit] of (body.limits ?? []).entries()) {
      const asset = limit.asset.toUpperCase();
      const scale = scales.get(asset);
      const field = `limits.${index}`;
      if (scale === undefined || limits.some((other) => other.asset === asset)) throw custodyError('custodyLimitInvalid', {}, field);
      const amounts = [limit.perTransaction, limit.perDay, limit.perWeek, limit.perMonth];
      // Exact: at the coin's decimals, compared as base units, never as floats.
      if (!amounts.every((amount) => isDecimalAmount(amount, scale))) throw custodyError('custodyLimitInvalid', {}, field);
      const units = amounts.map((amount) => toBaseUnits(amount, scale));
      const inOrder = units.every((value, at) => at === 0 || units[at - 1]! <= value);
      if (units[0]! <= 0n || !inOrder || toBaseUnits(limit.perMonth, limitScale) >= limitCeiling)
        throw custodyError('custodyLimitInvalid', {}, field);
      const [perTransaction, perDay, perWeek, perMonth] = units.map((value) => fromBaseUnits(value, scale)) as [
        string,
        string,
        string,
        string,
      ];
      limits.push({ asset, perTransaction, perDay, perWeek, perMonth });
    }

    const whitelist: LineSettings['whitelist'] = [];
    for (const [index, entry] of (body.whitelist ?? []).entries()) {
      const checked = await destinations.check(entry, `whitelist.${index}`);
      const same = (other: typeof checked) =>
        other.asset === checked.asset && other.chain === checked.chain && other.address === checked.address && other.tag === checked.tag;
      if (whitelist.some(same)) throw custodyError('addressAlreadySaved', {}, `whitelist.${index}.address`);
      whitelist.push(checked);
    }

    return {
      name,
      adminEmail,
      currencies: [...scales.keys()],
      minReviewers: body.minReviewers,
      accountIds: [...new Set(body.accountIds ?? [])],
      reviewerMemberIds,
      limits,
      whitelist,
    };
  }

  /** The rules on the organisation's own data: its accounts, its members (active or invited) as reviewers. */
  async function checkOwnRecords(trx: Db, settings: LineSettings): Promise<void> {
    if ((await countAccounts(trx, settings.accountIds)) !== settings.accountIds.length)
      throw custodyError('noMatchingData', {}, 'accountIds');
    if ((await countReviewerCandidates(trx, settings.reviewerMemberIds)) !== settings.reviewerMemberIds.length)
      throw custodyError('noMatchingData', {}, 'reviewerMemberIds');
  }

  const nameTaken = (error: unknown) => {
    if ((error as Partial<DatabaseError>).constraint === 'custody_line_name')
      throw custodyError('custodyLineNameInvalid', { max: custodyLimits.lineNameMaxChars }, 'name');
    throw error;
  };

  async function readOne(trx: Db, id: string): Promise<LineRecord> {
    const [record] = await readLines(trx, id);
    if (!record) throw custodyError('noMatchingData', {}, 'id');
    return record;
  }

  return {
    async list(orgId: string): Promise<CustodyLine[]> {
      return (await inOrganisation(db, orgId, (trx) => readLines(trx))).map(lineView);
    },

    async add(actor: ConsoleActor, body: CustodyLineBody): Promise<CustodyLine> {
      const settings = await checkedSettings(body);
      const record = await inOrganisation(db, actor.orgId, async (trx) => {
        // The name first: of racing adds, the losers stop here, before the slower checks.
        const line = await insertLine(trx, actor.orgId, settings).catch(nameTaken);
        await checkOwnRecords(trx, settings);
        await replaceLineRows(trx, actor.orgId, line.id, settings);
        const added = await readOne(trx, line.id);
        await asPlatform(trx, () =>
          audit.record(trx, {
            ...consoleAuditFields(actor),
            action: 'custody.line.add',
            subject: { kind: 'custodyLine', id: line.id },
            after: lineView(added),
          }),
        );
        return added;
      });
      return lineView(record);
    },

    /**
     * Edits a line (issue 18 item 6): its name, sub-admin, currencies and accounts at once; its
     * money-moving rules (minimum reviewers, reviewers, limits, whitelist), when they differ from
     * the line's, through a change request needing the line's quorum — except while none of the
     * line's reviewers has ever activated a membership: no quorum exists yet, and that first
     * configuration applies at once (recorded as an applied request all the same).
     */
    async edit(caller: EditCaller, id: string, body: CustodyLineBody): Promise<{ line: CustodyLine; changeRequestId: string | null }> {
      const settings = await checkedSettings(body);
      return inOrganisation(db, caller.orgId, async (trx) => {
        if (!(await lockLine(trx, id))) throw custodyError('noMatchingData', {}, 'id');
        const before = await readOne(trx, id);
        // The minimum reviewers is policy: left out here, applied with the rest of the policy.
        const { name, adminEmail, currencies } = settings;
        await updateLine(trx, id, { name, adminEmail, currencies }).catch(nameTaken);
        await checkOwnRecords(trx, settings);
        await replaceLineAccounts(trx, caller.orgId, id, settings.accountIds);
        const current = policyOfRecord(before);
        const proposed = policyOfSettings(settings);
        const changeRequestId = samePolicy(current, proposed)
          ? null
          : await proposeChange(trx, audit, caller, {
              kind: 'policy',
              lineId: id,
              before: current,
              after: proposed,
              atOnce: !(await lineHasActivatedReviewer(trx, id)),
            });
        const after = await readOne(trx, id);
        await asPlatform(trx, () =>
          audit.record(trx, {
            ...consoleAuditFields(caller),
            action: 'custody.line.edit',
            subject: { kind: 'custodyLine', id },
            before: lineView(before),
            after: lineView(after),
          }),
        );
        return { line: lineView(after), changeRequestId };
      });
    },
  };
}

export type LinesService = ReturnType<typeof createLinesService>;
