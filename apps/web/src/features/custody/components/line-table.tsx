import type { CustodyAccount, CustodyLine, CustodyMember } from '@coffer/contract';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../shared/format/format-amount';
import { useLanguage } from '../../../shared/i18n/use-language';
import { limitPeriods } from './line-rules';
import styles from './custody-config.module.css';
import common from './custody-console.module.css';
import { ConfirmedAction } from './confirmed-action';
import { ConsoleTable } from './console-table';

/**
 * A limit exactly as it was set, every decimal it has and none added ("1.5" BTC stays "1.5"),
 * grouped in the user's locale: a setting, not a balance to be shown at the coin's precision.
 */
function formatLimit(value: string, language: string): string {
  return formatDecimal(value, (value.split('.')[1] ?? '').length, language);
}

/**
 * The business lines (spec §3): name, business-line admin, currencies, custody accounts,
 * reviewers against their minimum, withdrawal limits per currency (transaction / day / week /
 * month) and the whitelist's size; each can be edited, frozen at once, or (frozen) asked to be
 * unfrozen, which needs the line's quorum.
 */
export function LineTable({
  lines,
  accounts,
  members,
  empty,
  onEdit,
  onFreeze,
  onUnfreeze,
}: {
  lines: CustodyLine[];
  accounts: CustodyAccount[] | undefined;
  members: CustodyMember[] | undefined;
  empty: ReactNode;
  onEdit: (line: CustodyLine) => void;
  /** Freezes the line at once (after a confirmation). */
  onFreeze: (line: CustodyLine) => void;
  /** Asks to unfreeze it: a change request needing the line's quorum. */
  onUnfreeze: (line: CustodyLine) => void;
}) {
  const { t } = useTranslation('custodyConfig');
  const language = useLanguage();
  const accountName = new Map((accounts ?? []).map((account) => [account.id, account.name]));
  const memberName = new Map((members ?? []).map((member) => [member.id, member.name]));
  const none = <span className={common.muted}>{t('common.none')}</span>;

  const columns: TableColumnsType<CustodyLine> = [
    {
      key: 'name',
      title: t('lines.columns.name'),
      render: (_value, line) => (
        <span className={common.name}>
          {line.name}
          {line.frozenAt ? (
            <Tag color="error" className={styles.flag} data-testid={`line-frozen-${line.id}`}>
              {t('freeze.frozen')}
            </Tag>
          ) : null}
          <span className={common.sub}>{line.adminEmail}</span>
        </span>
      ),
    },
    {
      key: 'currencies',
      title: t('lines.columns.currencies'),
      render: (_value, line) => (
        <span className={styles.tags}>
          {line.currencies.map((coin) => (
            <Tag key={coin}>{coin}</Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'accounts',
      title: t('lines.columns.accounts'),
      render: (_value, line) =>
        line.accountIds.length === 0 ? (
          none
        ) : (
          <span className={styles.list}>{line.accountIds.map((id) => accountName.get(id) ?? `#${id}`).join(', ')}</span>
        ),
    },
    {
      key: 'reviewers',
      title: t('lines.columns.reviewers'),
      render: (_value, line) => {
        const count = line.reviewerMemberIds.length;
        const names = line.reviewerMemberIds.map((id) => memberName.get(id) ?? `#${id}`).join(', ');
        return (
          <Tooltip title={names || undefined}>
            <span className={styles.figure} data-testid={`line-reviewers-${line.id}`}>
              {t('lines.reviewersOfMinimum', { count, min: line.minReviewers })}
            </span>
            {count < line.minReviewers ? (
              <Tag color="warning" className={styles.flag}>
                {t('lines.belowMinimum')}
              </Tag>
            ) : null}
          </Tooltip>
        );
      },
    },
    {
      key: 'limits',
      title: (
        <span>
          {t('lines.columns.limits')}
          <span className={common.sub}>{t('lines.columns.limitsOrder')}</span>
        </span>
      ),
      render: (_value, line) =>
        line.limits.length === 0 ? (
          <span className={common.muted}>{t('lines.noLimits')}</span>
        ) : (
          <span className={styles.limitList} data-testid={`line-limits-${line.id}`}>
            {line.limits.map((limit) => (
              <span key={limit.asset} className={styles.limitLine}>
                <strong>{limit.asset}</strong> {limitPeriods.map((period) => formatLimit(limit[period], language)).join(' / ')}
              </span>
            ))}
          </span>
        ),
    },
    {
      key: 'whitelist',
      title: t('lines.columns.whitelist'),
      align: 'right',
      render: (_value, line) => <span className={styles.figure}>{line.whitelist.length}</span>,
    },
    {
      key: 'actions',
      title: t('lines.columns.actions'),
      render: (_value, line) => (
        <span className={styles.tags}>
          <Button type="link" size="small" onClick={() => onEdit(line)} data-testid={`line-edit-${line.id}`}>
            {t('lines.edit')}
          </Button>
          {line.frozenAt ? (
            <ConfirmedAction
              namespace="custodyConfig"
              title={t('freeze.unfreezeLineTitle', { name: line.name })}
              text={t('freeze.unfreezeText')}
              okText={t('freeze.unfreeze')}
              isDanger={false}
              testId={`line-unfreeze-confirm-${line.id}`}
              onConfirm={() => onUnfreeze(line)}
            >
              <Button type="link" size="small" data-testid={`line-unfreeze-${line.id}`}>
                {t('freeze.unfreeze')}
              </Button>
            </ConfirmedAction>
          ) : (
            <ConfirmedAction
              namespace="custodyConfig"
              title={t('freeze.freezeLineTitle', { name: line.name })}
              text={t('freeze.freezeLineText')}
              okText={t('freeze.freeze')}
              testId={`line-freeze-confirm-${line.id}`}
              onConfirm={() => onFreeze(line)}
            >
              <Button type="link" size="small" danger data-testid={`line-freeze-${line.id}`}>
                {t('freeze.freeze')}
              </Button>
            </ConfirmedAction>
          )}
        </span>
      ),
    },
  ];
  return <ConsoleTable<CustodyLine> columns={columns} rows={lines} empty={empty} testId="line-table" />;
}
