import type { ColumnType, Generated } from 'kysely';

/**
 * The typed shape of every table, one interface per table; each module adds its own
 * tables here alongside the migration that creates them.
 */
export interface Database {
  node_heartbeat: NodeHeartbeatTable;
}

export interface NodeHeartbeatTable {
  node_id: string;
  hostname: string;
  pid: number;
  started_at: ColumnType<Date, Date | string | undefined, never>;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  id: Generated<string>;
}
