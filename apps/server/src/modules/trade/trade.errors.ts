import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys trade answers: quotes, orders and automatic swap. */
export const tradeError = domainErrors([
  'autoSwapSettingNotFound',
  'circuitBreaker',
  'coinNotSupported',
  'illegalOrderTransition',
  'invalidParameter',
  'orderNotFound',
  'quoteExpired',
  'quoteNotFound',
  'quoteRequestFailed',
  'tradeAmountTooLarge',
  'tradeAboveLevelLimit',
  'tradeAmountTooSmall',
  'tradeInsufficientBalance',
  'tradePairNotSupported',
] as const);
