import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import type { RequireOperator } from '../operators';
import { createSanctionsHoldDecisions, type SanctionsHoldDecisions, type SanctionsHoldSubjects } from './sanctions-holds.service';
import { createSanctionsLists, type SanctionsLists } from './sanctions-lists.service';
import { registerSanctionsRoutes } from './sanctions.routes';
import { createSanctionsScreening, type SanctionsScreening } from './screening.service';

export type { HeldSubject, SanctionsHoldDecisions, SanctionsHoldSubject, SanctionsHoldSubjects } from './sanctions-holds.service';
export type { SanctionsLists } from './sanctions-lists.service';
export type { NewSanctionsHold, SanctionsHit, SanctionsScreening, ScreeningResult } from './screening.service';
export { addressKey } from './sanctioned-address';

/** What `app.ts` gets from the sanctions module. */
export interface SanctionsModule {
  /** Handed to withdrawals (destinations, address book) and deposits (senders). */
  screening: SanctionsScreening;
  lists: SanctionsLists;
  holds: SanctionsHoldDecisions;
  /**
   * Who carries out compliance's decisions: the withdrawals and deposits modules, built after
   * this one (they screen with it). Decisions before this is called fail.
   */
  decideThrough(subjects: SanctionsHoldSubjects): void;
  register(app: FastifyInstance): void;
}

/**
 * Sanctions screening of digital-currency addresses: OFAC lists imported from the SDN advanced
 * XML (each import a kept version, the newest active) and a manual block list; `screen`, one
 * index probe, used on every withdrawal destination and address-book entry and on deposit
 * senders; the holds it leads to and compliance's decisions, each in one transaction with its
 * audit record. Its tables: `sanctions_list_version`, `sanctions_entry`, `sanctions_hold`.
 */
export function createSanctionsModule(deps: {
  db: Db;
  assets: Pick<AssetsApi, 'scaleOf'>;
  identity: Pick<IdentityApi, 'describeMany'>;
  audit: Pick<AuditApi, 'record'>;
  requireOperator: RequireOperator;
}): SanctionsModule {
  let subjects: SanctionsHoldSubjects | null = null;
  const screening = createSanctionsScreening(deps.db);
  const lists = createSanctionsLists({ db: deps.db, audit: deps.audit });
  const holds = createSanctionsHoldDecisions({
    db: deps.db,
    assets: deps.assets,
    identity: deps.identity,
    audit: deps.audit,
    subjects: () => {
      if (!subjects) throw new Error('the sanctions module was given no hold subjects (decideThrough)');
      return subjects;
    },
  });
  return {
    screening,
    lists,
    holds,
    decideThrough(given: SanctionsHoldSubjects): void {
      subjects = given;
    },
    register(app: FastifyInstance): void {
      registerSanctionsRoutes(app, { lists, holds }, { requireOperator: deps.requireOperator });
    },
  };
}
