import type { Answer, ReceivedRequest } from './signed-api-server';

const fiat = (usdValue: string) => ({ usdValue, rmbValue: '0' });

function order(orderNo: string, quoteId: string, status: string) {
  return {
    orderNo,
    quoteId,
    pair: 'BTC/USDT',
    baseCoin: 'BTC',
    quoteCoin: 'USDT',
    side: 'buy',
    price: '64000',
    baseAmount: '0.00015625',
    quoteAmount: '10',
    payCoin: 'USDT',
    payAmount: '10',
    receiveCoin: 'BTC',
    receiveAmount: '0.00015609',
    feeCoin: 'BTC',
    fee: '0.00000016',
    feeRate: '0.001',
    expiresAt: '2026-01-02T03:04:15.678Z',
    status,
    settlement: 'immediate',
    createdAt: '2026-01-02T03:04:06.000Z',
    paidAt: status === 'completed' ? '2026-01-02T03:04:07.000Z' : null,
    completedAt: status === 'completed' ? '2026-01-02T03:04:07.000Z' : null,
    cancelledAt: null,
    refundedAt: null,
    statusReason: null,
    isPayable: status === 'pendingPayment',
  };
}

/** Answers the calls of the example flow (asset summary, balances, quote, order, pay, orders) as Coffer would. */
export function answerExampleFlow(request: ReceivedRequest): Answer {
  const [path] = request.url.split('?');
  const route = `${request.method} ${path}`;
  if (route === 'GET /wallet/client/head-asset') {
    return {
      data: { totalAsset: fiat('1234.5'), balance: fiat('1234.5'), bollateral: fiat('0'), borrow: fiat('0'), investment: fiat('0') },
    };
  }
  if (route === 'GET /wallet/client/bit-assets') {
    const row = { name: 'Tether', icon: '', displayPrecision: 2, frozen: '0', usdValue: '1234.5', cnyValue: '0' };
    return { data: { rows: [{ ...row, coin: 'USDT', total: '1234.5', available: '1234.5' }], summary: {} } };
  }
  if (route === 'POST /trade/api/quote') {
    const body = JSON.parse(request.body.toString('utf8')) as { amount: string };
    const { orderNo: _orderNo, status: _status, ...terms } = order('0', '7001', 'pendingPayment');
    return {
      data: { ...terms, quoteAmount: body.amount, payAmount: body.amount, issuedAt: '', validitySeconds: 10, signature: '', keyId: '' },
    };
  }
  if (route === 'POST /trade/api/orders') {
    const body = JSON.parse(request.body.toString('utf8')) as { quoteId: string };
    return { data: order('9001', body.quoteId, 'pendingPayment') };
  }
  const pay = /^POST \/trade\/api\/orders\/(\d+)\/pay$/.exec(route);
  if (pay) return { data: order(pay[1]!, '7001', 'completed') };
  if (route === 'GET /trade/api/orders') {
    return { data: { pageNo: 1, pageSize: 5, total: 1, records: [order('9001', '7001', 'completed')] } };
  }
  return { status: 404, code: 19000004, msg: `No route ${route}`, data: { requestId: 'req-404' } };
}
