import type { CustodyChangeRequest, CustodyLinePolicy, CustodyMember } from '@coffer/contract';
import { Button, Card, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { limitPeriods } from './line-rules';
import styles from './custody-config.module.css';
import common from './custody-console.module.css';

type Stored = CustodyChangeRequest['before'];
const isPolicy = (value: Stored): value is CustodyLinePolicy => 'minReviewers' in value;

/** One line per field the change alters: "what: before → after". */
function PolicyDiff({ before, after, names }: { before: CustodyLinePolicy; after: CustodyLinePolicy; names: Map<string, string> }) {
  const { t } = useTranslation('custodyConfig');
  const none = t('common.none');
  const people = (ids: string[]) => ids.map((id) => names.get(id) ?? `#${id}`).join(', ') || none;
  const limitText = (policy: CustodyLinePolicy, asset: string) => {
    const limit = policy.limits.find((each) => each.asset === asset);
    return limit ? limitPeriods.map((period) => limit[period]).join(' / ') : t('lines.noLimits');
  };
  const key = (entry: CustodyLinePolicy['whitelist'][number]) =>
    `${entry.asset} ${entry.chain} ${entry.address}${entry.tag ? ` #${entry.tag}` : ''}`;
  const rows: Array<{ what: string; was: string; now: string }> = [];
  if (before.minReviewers !== after.minReviewers)
    rows.push({ what: t('changes.fields.minReviewers'), was: String(before.minReviewers), now: String(after.minReviewers) });
  if (people(before.reviewerMemberIds) !== people(after.reviewerMemberIds))
    rows.push({ what: t('changes.fields.reviewers'), was: people(before.reviewerMemberIds), now: people(after.reviewerMemberIds) });
  const assets = [...new Set([...before.limits, ...after.limits].map((limit) => limit.asset))].sort();
  for (const asset of assets) {
    const was = limitText(before, asset);
    const now = limitText(after, asset);
    if (was !== now) rows.push({ what: t('changes.fields.limits', { asset }), was, now });
  }
  const wasList = before.whitelist.map(key);
  const nowList = after.whitelist.map(key);
  const added = nowList.filter((entry) => !wasList.includes(entry));
  const removed = wasList.filter((entry) => !nowList.includes(entry));
  if (added.length > 0 || removed.length > 0 || JSON.stringify(before.whitelist) !== JSON.stringify(after.whitelist))
    rows.push({
      what: t('changes.fields.whitelist'),
      was: t('changes.addressCount', { count: wasList.length }),
      now: [
        t('changes.addressCount', { count: nowList.length }),
        ...added.map((entry) => `+ ${entry}`),
        ...removed.map((entry) => `− ${entry}`),
      ].join('; '),
    });
  return (
    <ul className={styles.diff}>
      {rows.map((row) => (
        <li key={row.what}>
          <strong>{row.what}:</strong> <span className={styles.was}>{row.was}</span> → <span>{row.now}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The pending change requests (issue 18 item 6): who proposed what on which line (before →
 * after), the approvals in against those required, and, for an eligible member who has not
 * decided yet, approve and reject (with an opinion). Nothing applies until the quorum is in.
 */
export function ChangeRequestsCard({
  requests,
  members,
  memberId,
  onApprove,
  onReject,
}: {
  requests: CustodyChangeRequest[];
  members: CustodyMember[] | undefined;
  memberId: string | undefined;
  onApprove: (request: CustodyChangeRequest) => void;
  onReject: (request: CustodyChangeRequest, opinion: string) => void;
}) {
  const { t } = useTranslation('custodyConfig');
  const language = useLanguage();
  const [rejecting, setRejecting] = useState<CustodyChangeRequest | null>(null);
  const [opinion, setOpinion] = useState('');
  const names = new Map((members ?? []).map((member) => [member.id, member.name]));
  const pending = requests.filter((request) => request.state === 'pending');

  return (
    <Card title={t('changes.title')} className={styles.changes} data-testid="change-requests">
      <p className={common.intro}>{t('changes.intro')}</p>
      {pending.length === 0 ? (
        <span className={common.muted}>{t('changes.none')}</span>
      ) : (
        <div className={styles.changeList}>
          {pending.map((request) => {
            const mayDecide = memberId !== undefined && request.mayApprove.some((each) => each.memberId === memberId);
            return (
              <div key={request.id} className={styles.change} data-testid={`change-${request.id}`}>
                <div className={styles.changeHead}>
                  <span>
                    <Tag color={request.kind === 'unfreeze' ? 'blue' : 'gold'}>{t(`changes.kinds.${request.kind}`)}</Tag>
                    <strong>{request.lineName ?? t('changes.organisation')}</strong>
                  </span>
                  <span className={common.muted}>
                    {t('changes.proposed', { name: request.proposer.name, at: formatDateTime(request.createdAt, language) })}
                  </span>
                </div>
                {isPolicy(request.before) && isPolicy(request.after) ? (
                  <PolicyDiff before={request.before} after={request.after} names={names} />
                ) : (
                  <ul className={styles.diff}>
                    <li>
                      <strong>{t('changes.fields.frozen')}:</strong>{' '}
                      <span className={styles.was}>
                        {t('changes.frozenSince', {
                          at: formatDateTime('frozenAt' in request.before ? request.before.frozenAt : null, language),
                        })}
                      </span>{' '}
                      → <span>{t('changes.unfrozen')}</span>
                    </li>
                  </ul>
                )}
                <span data-testid={`change-approvals-${request.id}`}>
                  {t('changes.approvals', { counted: request.counted, required: request.required })}
                </span>
                {request.approvals.length > 0 ? (
                  <span className={common.muted}> · {request.approvals.map((each) => each.memberName).join(', ')}</span>
                ) : null}
                {mayDecide ? (
                  <div className={styles.changeActions}>
                    <Button type="primary" size="small" onClick={() => onApprove(request)} data-testid={`change-approve-${request.id}`}>
                      {t('changes.approve')}
                    </Button>
                    <Button size="small" danger onClick={() => setRejecting(request)} data-testid={`change-reject-${request.id}`}>
                      {t('changes.reject')}
                    </Button>
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      )}
      <Modal
        open={rejecting !== null}
        title={t('changes.rejectTitle')}
        okText={t('changes.reject')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, disabled: opinion.trim() === '', ...({ 'data-testid': 'change-reject-confirm' } as object) }}
        onCancel={() => setRejecting(null)}
        onOk={() => {
          if (rejecting) onReject(rejecting, opinion.trim());
          setRejecting(null);
          setOpinion('');
        }}
        destroyOnHidden
      >
        <Input.TextArea
          value={opinion}
          maxLength={150}
          onChange={(event) => setOpinion(event.target.value)}
          placeholder={t('changes.opinionPlaceholder')}
          data-testid="change-reject-opinion"
        />
      </Modal>
    </Card>
  );
}
