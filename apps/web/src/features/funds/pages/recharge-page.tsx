import type { DwOption } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { dwOptionsQuery } from '../api/get-dw-options';
import { CoinChainSelect } from '../../../shared/ui/coin-chain-select';
import { DepositAddressPanel } from '../components/deposit-address-panel';
import { DepositRecords } from '../components/deposit-records';
import { hasDevFaucet } from '../components/dev-faucet';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from './funds-page.module.css';

/** How long the records keep refreshing after the test faucet sent coins, before the chain shows them. */
const faucetWatchMs = 60_000;

function initialSelection(options: DwOption[], requestedCoin: string | undefined): { coin: string; chain: string } {
  const open = (option: DwOption) => option.chains.find((chain) => chain.depositEnabled);
  const option =
    options.find((candidate) => candidate.coin === requestedCoin && open(candidate)) ??
    options.find((candidate) => candidate.coin === 'USDT' && open(candidate)) ??
    options.find(open);
  return { coin: option?.coin ?? '', chain: (option && open(option)?.chain) ?? '' };
}

/** Recharge (spec §2): coin and network, the deposit address with its QR code and rules, and the deposit records. */
export function RechargePage() {
  const { t } = useTranslation('funds');
  const [params, setParams] = useSearchParams();
  const options = useQuery(dwOptionsQuery);
  const [chosen, setChosen] = useState<{ coin: string; chain: string } | null>(null);
  const [expectUntil, setExpectUntil] = useState(0);

  const selection = chosen ?? initialSelection(options.data ?? [], params.get('coin')?.toUpperCase());
  const coinOption = options.data?.find((option) => option.coin === selection.coin);
  const chainOption = coinOption?.chains.find((chain) => chain.chain === selection.chain && chain.depositEnabled);

  const handleChange = (next: { coin: string; chain: string }) => {
    setChosen(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('coin', next.coin);
        return updated;
      },
      { replace: true },
    );
  };

  let body;
  if (options.isError && !options.data) {
    body = <QueryErrorState namespace="wallet" error={options.error} onRetry={() => void options.refetch()} />;
  } else if (!options.data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <div className={styles.stack}>
        <CoinChainSelect
          options={options.data}
          coin={selection.coin}
          chain={selection.chain}
          direction="deposit"
          onChange={handleChange}
          idPrefix="deposit"
        />
        {coinOption && chainOption ? (
          <DepositAddressPanel
            key={`${coinOption.coin}-${chainOption.chain}`}
            coin={coinOption.coin}
            option={chainOption}
            hasFaucet={hasDevFaucet(chainOption)}
            onFaucetSent={() => setExpectUntil(Date.now() + faucetWatchMs)}
          />
        ) : (
          <Empty description={t('recharge.chooseCoin')} />
        )}
      </div>
    );
  }

  return (
    <PageFrame
      title={t('recharge.title')}
      testId="recharge-page"
      actions={
        <>
          <Link className={layout.headerLink} to={pathTo('propertyCenterWithdraw')}>
            {t('nav.withdraw')}
          </Link>
          <Link className={layout.headerLink} to={pathTo('propertyCenterBalance')}>
            {t('nav.balance')}
          </Link>
        </>
      }
    >
      <div className={layout.layout}>
        <Card className={layout.main}>{body}</Card>
        <Card className={layout.aside}>
          <h2 className={layout.asideTitle}>{t('recharge.aboutTitle')}</h2>
          <ul className={layout.points}>
            <li>{t('recharge.aboutNetwork')}</li>
            <li>{t('recharge.aboutConfirmations')}</li>
            <li>{t('recharge.aboutMinimum')}</li>
            <li>{t('recharge.aboutMemo')}</li>
          </ul>
        </Card>
      </div>
      <Card title={<h2 className={layout.recordsTitle}>{t('recharge.recordsTitle')}</h2>}>
        <DepositRecords expectUntil={expectUntil} />
      </Card>
    </PageFrame>
  );
}
