import type { AutoSwapSetting } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { autoSwapSettingsQuery } from '../api/get-auto-swap-settings';
import { AutoSwapSettingDialog } from '../components/auto-swap-setting-dialog';
import { AutoSwapSettingsTable } from '../components/auto-swap-settings-table';
import { TradeErrorState } from '../components/trade-error-state';
import { TradePageFrame } from '../components/trade-page-frame';
import styles from './auto-swap-page.module.css';

type Dialog = { name: 'closed' } | { name: 'add' } | { name: 'change'; setting: AutoSwapSetting };

/** Automatic swap settings (spec §2): deposits of a source coin are converted to its target coin at a fresh quote. */
export function AutoSwapPage() {
  const { t } = useTranslation('trade');
  const settings = useQuery(autoSwapSettingsQuery);
  const [dialog, setDialog] = useState<Dialog>({ name: 'closed' });

  const configured = new Set(settings.data?.settings.map((setting) => setting.sourceCoin) ?? []);
  const canAdd = settings.data ? settings.data.supported.some((combination) => !configured.has(combination.sourceCoin)) : false;

  return (
    <TradePageFrame
      title={t('autoSwap.title')}
      testId="auto-swap-page"
      actions={
        <>
          <Link to={pathTo('tradeAutomaticSwapOrders')}>{t('nav.autoSwapRecords')}</Link>
          <Link to={pathTo('tradeSpot')}>{t('nav.spot')}</Link>
        </>
      }
    >
      <Card>
        <div className={styles.intro}>
          <p>{t('autoSwap.intro')}</p>
          <Button type="primary" disabled={!canAdd} onClick={() => setDialog({ name: 'add' })} data-testid="auto-swap-add">
            {t('autoSwap.add')}
          </Button>
        </div>
      </Card>
      <Card>
        {settings.isError && !settings.data ? (
          <TradeErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        ) : settings.data ? (
          <AutoSwapSettingsTable
            settings={settings.data.settings}
            onEdit={(setting) => setDialog({ name: 'change', setting })}
            empty={
              <TableEmpty text={t('autoSwap.empty')}>
                <Button onClick={() => setDialog({ name: 'add' })} disabled={!canAdd}>
                  {t('autoSwap.add')}
                </Button>
              </TableEmpty>
            }
          />
        ) : (
          <TableSkeleton rows={3} columns={4} />
        )}
      </Card>
      {dialog.name !== 'closed' && settings.data ? (
        <AutoSwapSettingDialog
          settings={settings.data}
          editing={dialog.name === 'change' ? dialog.setting : null}
          onClose={() => setDialog({ name: 'closed' })}
        />
      ) : null}
    </TradePageFrame>
  );
}
