import type { tradePaths } from '@coffer/contract/trade-paths';

type OrderPathTemplate = (typeof tradePaths)['order' | 'payOrder' | 'cancelOrder'];

/** One order's API path, its number filled in. */
export function orderPath(template: OrderPathTemplate, orderNo: string): string {
  return template.replace(':orderNo', encodeURIComponent(orderNo));
}
