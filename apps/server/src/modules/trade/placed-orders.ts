/**
 * The orders this process placed lately, so paying one can build its journal without first
 * reading the order back. Only what never changes after placing is relied on (owner, quote
 * terms, expiry); the state is always the database's, read and changed by the pay itself.
 * Another process's order, or one that fell out, is simply read first.
 */
export interface PlacedOrders<Row> {
  remember(row: Row): void;
  /** The order if this owner placed it here lately; someone else's order is never answered. */
  find(orderId: string, userId: string): Row | undefined;
  forget(orderId: string): void;
}

export function placedOrders<Row extends { order_id: string; user_id: string }>(capacity: number): PlacedOrders<Row> {
  const rows = new Map<string, Row>();
  return {
    remember(row: Row): void {
      rows.delete(row.order_id);
      rows.set(row.order_id, row);
      if (rows.size > capacity) rows.delete(rows.keys().next().value!);
    },
    find(orderId: string, userId: string): Row | undefined {
      const row = rows.get(orderId);
      return row?.user_id === userId ? row : undefined;
    },
    forget(orderId: string): void {
      rows.delete(orderId);
    },
  };
}
