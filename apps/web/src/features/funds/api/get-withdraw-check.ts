import { withdrawalForbiddenCodes, type WithdrawCheck } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { callEnvelope } from '../../../shared/http/call';
import { ApiError } from '../../../shared/http/http-client';

/**
 * The withdraw check (`userCanWithdraw`, spec §4/§5). It is the one call where -10094 is an
 * error (the HTTP client shows it); that refusal and the silent -10102 both come back here as
 * a check that forbids, so the page can explain them.
 */
export async function getWithdrawCheck(signal?: AbortSignal): Promise<WithdrawCheck> {
  try {
    const envelope = await callEnvelope(withdrawalEndpoints.userCanWithdraw, {}, { signal, isWithdrawCheck: true });
    if (envelope.data) return envelope.data;
    if (envelope.code === withdrawalForbiddenCodes.securityLock) return forbidden(withdrawalForbiddenCodes.securityLock);
    throw new ApiError(envelope.code, envelope.msg ?? envelope.message ?? '');
  } catch (error) {
    if (error instanceof ApiError && error.code === withdrawalForbiddenCodes.forbidden)
      return forbidden(withdrawalForbiddenCodes.forbidden);
    throw error;
  }
}

function forbidden(code: WithdrawCheck['forbiddenCode']): WithdrawCheck {
  return { canWithdraw: false, forbiddenCode: code, lockedUntil: null, interceptions: [], secondFactor: 'ga' };
}

export const withdrawCheckQuery = queryOptions({
  queryKey: ['funds', 'withdraw-check'],
  queryFn: ({ signal }) => getWithdrawCheck(signal),
});
