import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { sessionUserQuery } from '../../../shared/api/session-user';
import { pathTo } from '../../../shared/routes';
import { identityApi } from '../api/identity-api';
import styles from './account-menu.module.css';

const fiatStorageKey = 'fiat';

/** Top-bar account controls: valuation currency (spec §1, stored locally too) and log out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useQuery(sessionUserQuery);

  const setFiat = useMutation({
    mutationFn: (fiat: 'USD' | 'CNY') => identityApi.setFiat(fiat),
    onSuccess: async (_data, fiat) => {
      localStorage.setItem(fiatStorageKey, fiat.toLowerCase());
      await queryClient.invalidateQueries({ queryKey: ['identity'] });
    },
  });
  const logout = useMutation({
    mutationFn: () => identityApi.logout(),
    onSettled: () => {
      queryClient.clear();
      void navigate(pathTo('loginPage'));
    },
  });

  if (!user) return null;
  return (
    <div className={styles.menu}>
      <label className={styles.fiat}>
        <span>{t('accountMenu.valuation')}</span>
        <select value={user.fiat} onChange={(event) => setFiat.mutate(event.target.value as 'USD' | 'CNY')} data-testid="fiat-select">
          <option value="USD">USD</option>
          <option value="CNY">CNY</option>
        </select>
      </label>
      <Link to={pathTo('propertyAccountInfo')} className={styles.who} data-testid="account-name" title={t('accountMenu.accountInfo')}>
        {user.email ?? user.phone ?? user.userNo}
      </Link>
      <button type="button" className={styles.logout} onClick={() => logout.mutate()} data-testid="log-out">
        {t('accountMenu.logOut')}
      </button>
    </div>
  );
}
