import type { ColumnType, Generated } from 'kysely';

/** One row per running server process (`node-heartbeat.service.ts`). */
export interface NodeHeartbeatTable {
  node_id: string;
  hostname: string;
  pid: number;
  started_at: ColumnType<Date, Date | string | undefined, never>;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  id: Generated<string>;
}

export interface SystemTables {
  node_heartbeat: NodeHeartbeatTable;
}
