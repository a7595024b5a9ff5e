import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { showToast } from '../../../shared/ui/toast-store';

/**
 * What every bind/change screen does on success: a success toast, fresh identity data
 * (security centre, session user, 2FA status) and back to the security centre.
 */
export function useSecurityCompletion(): (successText: string) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (successText: string) => {
      showToast('success', successText);
      void queryClient.invalidateQueries({ queryKey: ['identity'] });
      void navigate(pathTo('propertySecuritySetting'));
    },
    [queryClient, navigate],
  );
}
