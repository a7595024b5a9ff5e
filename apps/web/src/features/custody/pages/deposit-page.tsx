import type { CustodyAccount, DwOption } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { CoinChainSelect } from '../../../shared/ui/coin-chain-select';
import { DepositAddressSkeleton, DepositAddressView } from '../../../shared/ui/deposit-address-view';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { custodyAccountsQuery } from '../api/custody-accounts';
import { custodyDepositAddressQuery, custodyDepositOptionsQuery } from '../api/custody-deposit';
import { custodyMeQuery } from '../api/custody-me';
import { useAccountLabel } from '../components/money-parts';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from '../components/custody-money.module.css';
import common from '../components/custody-console.module.css';
import { ConsoleRead } from '../components/custody-load-error';

type Selection = { coin: string; chain: string };

const openChain = (option: DwOption | undefined) => option?.chains.find((chain) => chain.depositEnabled);

/** The coin and network in the address when they can be deposited, else USDT's first open network, else the first open one. */
function selectionOf(options: DwOption[], coin: string | null, chain: string | null): Selection {
  const asked = options.find((option) => option.coin === coin);
  const askedChain = asked?.chains.find((candidate) => candidate.chain === chain && candidate.depositEnabled);
  if (asked && askedChain) return { coin: asked.coin, chain: askedChain.chain };
  const option =
    (asked && openChain(asked) ? asked : undefined) ??
    options.find((candidate) => candidate.coin === 'USDT' && openChain(candidate)) ??
    options.find((candidate) => openChain(candidate));
  return { coin: option?.coin ?? '', chain: openChain(option)?.chain ?? '' };
}

/**
 * Deposit (spec §2 "deposit and withdraw", issue 17 item 6): choose the custody account to
 * credit, the coin and its network (the options of a customer's recharge page), and see that
 * account's address with its QR code, tag/memo where the network has one, minimum deposit,
 * confirmations and the warnings. Account, coin and network live in the address.
 */
export function DepositPage() {
  const { t, ready } = useTranslation('custodyMoney');
  const [params, setParams] = useSearchParams();
  const me = useQuery(custodyMeQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const options = useQuery(custodyDepositOptionsQuery);
  const accountLabel = useAccountLabel();

  const account = accounts.data?.find((candidate) => candidate.id === params.get('account')) ?? accounts.data?.[0] ?? null;
  const selection = selectionOf(options.data ?? [], params.get('coin'), params.get('chain'));
  const chainOption = options.data
    ?.find((option) => option.coin === selection.coin)
    ?.chains.find((chain) => chain.chain === selection.chain && chain.depositEnabled);

  const show = (next: { account?: string } & Partial<Selection>) => {
    const search = new URLSearchParams();
    search.set('account', next.account ?? account?.id ?? '');
    search.set('coin', next.coin ?? selection.coin);
    search.set('chain', next.chain ?? selection.chain);
    setParams(search, { replace: true });
  };

  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} />;

  const loading = (
    <div className={common.stack} data-testid="deposit-loading">
      <Skeleton active paragraph={{ rows: 3 }} />
      <DepositAddressSkeleton />
    </div>
  );
  const body = (
    <ConsoleRead reads={[accounts, options]} loading={loading} errorTestId="deposit-load-error">
      {(accountList, chainOptions) =>
        account ? (
          <div className={common.stack}>
            <div className={styles.pickerField}>
              <label className={styles.pickerLabel} htmlFor="custody-deposit-account">
                {t('deposit.account')}
              </label>
              <Select
                id="custody-deposit-account"
                className={styles.accountSelect}
                value={account.id}
                placeholder={t('deposit.accountPlaceholder')}
                onChange={(id: string) => show({ account: id })}
                options={accountList.map((option) => ({ value: option.id, label: accountLabel(option) }))}
                data-testid="deposit-account"
              />
            </div>
            <CoinChainSelect
              options={chainOptions}
              coin={selection.coin}
              chain={selection.chain}
              direction="deposit"
              onChange={(next) => show(next)}
              idPrefix="deposit"
            />
            {chainOption ? (
              <AccountDepositAddress
                key={`${account.id}-${selection.coin}-${selection.chain}`}
                account={account}
                coin={selection.coin}
                chain={selection.chain}
                needsMemo={chainOption.needsMemo}
              />
            ) : (
              <Empty description={t('deposit.chooseCoin')} />
            )}
          </div>
        ) : (
          <div data-testid="deposit-no-accounts">
            <TableEmpty text={t('deposit.noAccountsText')}>
              {me.data?.permissions.includes('accounts') ? <Link to={pathTo('custodySettings')}>{t('common.openAccount')}</Link> : null}
            </TableEmpty>
          </div>
        )
      }
    </ConsoleRead>
  );

  return (
    <PageFrame
      title={t('deposit.title')}
      testId="custody-deposit-page"
      actions={
        <Link className={layout.headerLink} to={pathTo('custodyTransfers')}>
          {t('deposit.toTransfers')}
        </Link>
      }
    >
      <div className={layout.layout}>
        <Card className={layout.main}>
          <p className={common.intro}>{t('deposit.intro')}</p>
          {body}
        </Card>
        <Card className={layout.aside}>
          <h2 className={layout.asideTitle}>{t('deposit.aboutTitle')}</h2>
          <ul className={layout.points}>
            <li>{t('deposit.aboutAccount')}</li>
            <li>{t('deposit.aboutNetwork')}</li>
            <li>{t('deposit.aboutConfirmations')}</li>
            <li>{t('deposit.aboutMinimum')}</li>
          </ul>
        </Card>
      </div>
    </PageFrame>
  );
}

/** The chosen account's address on the chosen network, as an exchange shows it, with what is particular to a custody account. */
function AccountDepositAddress({
  account,
  coin,
  chain,
  needsMemo,
}: {
  account: CustodyAccount;
  coin: string;
  chain: string;
  needsMemo: boolean;
}) {
  const { t } = useTranslation('custodyMoney');
  const accountLabel = useAccountLabel();
  const address = useQuery(custodyDepositAddressQuery(account.id, coin, chain));
  return (
    <ConsoleRead reads={[address]} loading={<DepositAddressSkeleton />} errorTestId="deposit-address-error">
      {(deposit) => (
        <section className={common.stack} aria-label={t('deposit.creditedTo', { account: account.name })}>
          <p className={styles.creditedTo} data-testid="deposit-credited-to">
            {t('deposit.creditedTo', { account: accountLabel(account) })}
          </p>
          <DepositAddressView
            deposit={deposit}
            needsMemo={needsMemo}
            qrAlt={t('deposit.qrAlt', { coin, account: account.name })}
            extraNotes={[t('deposit.noteAccount', { account: account.name }), t('deposit.noteHistory')]}
          />
        </section>
      )}
    </ConsoleRead>
  );
}

export default DepositPage;
