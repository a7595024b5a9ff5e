import type { CustodyPoolLinkState, CustodyPoolPartner } from '@coffer/contract';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { ShortValue } from '../../../shared/ui/short-value';
import { colors } from '../../../shared/ui/theme';
import styles from './custody-pool.module.css';
import common from './custody-console.module.css';
import { ConfirmedAction } from './confirmed-action';

/** The shared status colours (design.md): open waits, linked is in force, the rest have ended; always with the word. */
const stateColors: Record<CustodyPoolLinkState, string> = {
  open: colors.pending,
  linked: colors.success,
  unlinked: colors.frozen,
  expired: colors.frozen,
  revoked: colors.failed,
};

export type PoolPartnerAction = 'revoke' | 'unlink';

/**
 * The mining-pool partner links (issue 17 item 11): partner (and its contact once linked),
 * custody account with the coin and network, state, payout address once linked, until when an
 * open link works or since when the partner is linked, who made it; revoke an open link, unlink
 * a linked partner, each after confirmation.
 */
export function PoolPartnerTable({
  partners,
  busyId,
  onAction,
}: {
  partners: CustodyPoolPartner[];
  busyId: string | null;
  onAction: (action: PoolPartnerAction, partner: CustodyPoolPartner) => void;
}) {
  const { t } = useTranslation('custodyPool');
  const language = useLanguage();
  const chainName = useChainName();
  const none = <span className={common.muted}>{t('common.none')}</span>;
  const actionButton = (partner: CustodyPoolPartner, action: PoolPartnerAction) => (
    <Button
      type="link"
      size="small"
      danger
      loading={busyId === partner.id}
      disabled={busyId !== null && busyId !== partner.id}
      data-testid={`pool-${action}-${partner.id}`}
    >
      {t(`list.${action}`)}
    </Button>
  );

  const when = (partner: CustodyPoolPartner): ReactNode => {
    const at = (key: 'list.expiresAt' | 'list.revokedAt' | 'list.unlinkedAt' | 'list.linkedAt', iso: string) => (
      <span className={styles.when}>
        <span className={common.muted}>{t(key)}</span> {formatDateTime(iso, language)}
      </span>
    );
    if (partner.state === 'open' || partner.state === 'expired') return at('list.expiresAt', partner.expiresAt);
    if (partner.state === 'revoked' && partner.revokedAt) return at('list.revokedAt', partner.revokedAt);
    if (partner.state === 'unlinked' && partner.unlinkedAt) return at('list.unlinkedAt', partner.unlinkedAt);
    return partner.linkedAt ? at('list.linkedAt', partner.linkedAt) : none;
  };

  const columns: TableColumnsType<CustodyPoolPartner> = [
    {
      key: 'partner',
      title: t('list.columns.partner'),
      render: (_value, partner) => (
        <span className={styles.partner}>
          <strong>{partner.partnerName}</strong>
          {partner.contactEmail ? <span className={common.muted}>{partner.contactEmail}</span> : null}
        </span>
      ),
    },
    {
      key: 'account',
      title: t('list.columns.account'),
      render: (_value, partner) => (
        <span className={styles.account}>
          <span>{partner.accountName}</span>
          <span className={styles.coin}>
            <CoinBadge coin={partner.coin} size="small" />
            <span className={common.muted}>{chainName(partner.chain)}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'state',
      title: t('list.columns.state'),
      render: (_value, partner) => (
        <Tag color={stateColors[partner.state]} data-testid={`pool-state-${partner.id}`}>
          {t(`states.${partner.state}`)}
        </Tag>
      ),
    },
    {
      key: 'payoutAddress',
      title: t('list.columns.payoutAddress'),
      render: (_value, partner) => (partner.payoutAddress ? <ShortValue value={partner.payoutAddress} /> : none),
    },
    { key: 'when', title: t('list.columns.when'), render: (_value, partner) => when(partner) },
    {
      key: 'createdBy',
      title: t('list.columns.createdBy'),
      render: (_value, partner) => <span className={styles.creator}>{partner.createdBy}</span>,
    },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      render: (_value, partner) =>
        partner.state === 'open' ? (
          <ConfirmedAction
            namespace="custodyPool"
            isLong
            title={t('list.revokeTitle')}
            text={t('list.revokeText', { partner: partner.partnerName })}
            okText={t('list.revoke')}
            testId="pool-revoke-confirm"
            onConfirm={() => onAction('revoke', partner)}
          >
            {actionButton(partner, 'revoke')}
          </ConfirmedAction>
        ) : partner.state === 'linked' ? (
          <ConfirmedAction
            namespace="custodyPool"
            isLong
            title={t('list.unlinkTitle')}
            text={t('list.unlinkText', { partner: partner.partnerName, address: partner.payoutAddress ?? '' })}
            okText={t('list.unlink')}
            testId="pool-unlink-confirm"
            onConfirm={() => onAction('unlink', partner)}
          >
            {actionButton(partner, 'unlink')}
          </ConfirmedAction>
        ) : (
          none
        ),
    },
  ];

  return (
    <Table<CustodyPoolPartner>
      data-testid="pool-table"
      aria-label={t('list.tableLabel')}
      rowKey="id"
      columns={columns}
      dataSource={partners}
      pagination={partners.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}
