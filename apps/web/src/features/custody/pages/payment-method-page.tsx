import type { CustodyPaymentMethodView } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currenciesQuery } from '../../../shared/api/get-currencies';
import { formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { showToast } from '../../../shared/ui/toast-store';
import { custodyAccountsQuery } from '../api/custody-accounts';
import { custodyPaymentMethodKey, custodyPaymentMethodQuery } from '../api/custody-billing';
import { custodyMeQuery } from '../api/custody-me';
import { formatRate } from '../components/bill-parts';
import { ConsoleRead } from '../components/custody-load-error';
import { PaymentMethodForm } from '../components/payment-method-form';
import layout from '../../../shared/ui/form-page-layout.module.css';
import common from '../components/custody-console.module.css';

/**
 * Payment method (spec §3): bank wire, or digital-currency deduction from the organisation's
 * accounts in the priority order chosen here. Anyone who may read bills sees it; changing it
 * needs the permission the contract's endpoint names (`accounts`, the enterprise admin's).
 */
export function PaymentMethodPage() {
  const { t, ready } = useTranslation('custodyBilling');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const me = useQuery(custodyMeQuery);
  const method = useQuery(custodyPaymentMethodQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const currencies = useQuery(currenciesQuery);
  const canEdit = me.data?.permissions.includes('accounts') === true;

  const handleSaved = (saved: CustodyPaymentMethodView) => {
    queryClient.setQueryData(custodyPaymentMethodKey, saved);
    showToast('success', t('payment.saved'));
  };

  if (!ready) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <PageFrame
      title={t('payment.title')}
      testId="custody-payment-method-page"
      actions={
        <Link className={layout.headerLink} to={pathTo('custodyBilling')}>
          {t('common.back')}
        </Link>
      }
    >
      <Card>
        <p className={common.intro}>{t('payment.intro')}</p>
        <ConsoleRead
          reads={[method, accounts, currencies]}
          errorTestId="payment-load-error"
          loading={
            <div data-testid="payment-loading">
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
          }
        >
          {(current, accountList, currencyList) => (
            <>
              <p data-testid="payment-rates">
                {t('payment.rates', {
                  rate: formatRate(current.annualRate, language),
                  minimum: formatFiat(current.minimumUsd, 'USD', language),
                })}
              </p>
              <PaymentMethodForm
                key={JSON.stringify([current.method, current.deductions])}
                current={current}
                accounts={accountList}
                coins={currencyList.map((currency) => currency.coin)}
                canEdit={canEdit}
                onSaved={handleSaved}
              />
            </>
          )}
        </ConsoleRead>
      </Card>
    </PageFrame>
  );
}

export default PaymentMethodPage;
