/**
 * One page of rows and how many rows match in all, read at the same time: `page` is the
 * filtered query with its order, limit and offset, `count` the same filter selecting
 * `count(*)` as `total`.
 */
export async function pageWithTotal<Row>(
  page: { execute(): Promise<Row[]> },
  count: { executeTakeFirstOrThrow(): Promise<{ total: string | number | bigint }> },
): Promise<{ rows: Row[]; total: number }> {
  const [rows, counted] = await Promise.all([page.execute(), count.executeTakeFirstOrThrow()]);
  return { rows, total: Number(counted.total) };
}
