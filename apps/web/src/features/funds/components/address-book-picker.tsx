import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { shortenMiddle } from '../../../shared/ui/short-value';
import { withdrawAddressesQuery } from '../api/get-withdraw-addresses';
import styles from './address-book-picker.module.css';

/** Picks a saved address of this network from the address book into the withdrawal form. */
export function AddressBookPicker({ chain, onPick }: { chain: string; onPick: (entry: { address: string; tag: string | null }) => void }) {
  const { t } = useTranslation('funds');
  const book = useQuery({ ...withdrawAddressesQuery(chain), enabled: chain !== '' });
  const entries = book.data ?? [];

  const items =
    entries.length > 0
      ? entries.map((entry) => ({
          key: entry.id,
          label: (
            <span className={styles.item} data-testid={`address-book-item-${entry.id}`}>
              <span className={styles.note}>
                {entry.note}
                {entry.trusted ? (
                  <Tag color="success" className={styles.trusted}>
                    {t('addresses.trusted')}
                  </Tag>
                ) : null}
              </span>
              <span className={styles.address}>
                {shortenMiddle(entry.address, 10)}
                {entry.tag ? ` · ${t('withdraw.tag')} ${entry.tag}` : ''}
              </span>
            </span>
          ),
          onClick: () => onPick({ address: entry.address, tag: entry.tag }),
        }))
      : [
          {
            key: 'empty',
            label: (
              <span className={styles.empty}>
                {book.isPending ? t('withdraw.bookLoading') : t('withdraw.bookEmpty')}{' '}
                <Link to={pathTo('propertyCenterAddresses')}>{t('withdraw.bookManage')}</Link>
              </span>
            ),
            disabled: true,
          },
        ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} disabled={chain === ''}>
      <Button data-testid="withdraw-address-book">{t('withdraw.addressBook')}</Button>
    </Dropdown>
  );
}
