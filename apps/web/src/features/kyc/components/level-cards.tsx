import type { KycLevelInfo, KycLevelStatus } from '@coffer/contract';
import type { KycLevelState } from '@coffer/contract/rules';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './kyc.module.css';

export type StepLevel = 1 | 2 | 3;
export const stepLevels = [1, 2, 3] as const satisfies readonly StepLevel[];
export const levelNames = { 1: 'basic', 2: 'advanced', 3: 'video' } as const satisfies Record<StepLevel, keyof KycLevelInfo['levels']>;

export function statusOf(info: KycLevelInfo, level: StepLevel): KycLevelStatus {
  return info.levels[levelNames[level]];
}

/** A level the customer may work on now: its predecessor verified, and itself not verified or in review. */
export function canWorkOn(info: KycLevelInfo, level: StepLevel): boolean {
  const { state } = statusOf(info, level);
  const previousVerified = level === 1 || statusOf(info, (level - 1) as StepLevel).state === 'verified';
  return previousVerified && state !== 'verified' && state !== 'verifying';
}

/** The level to open first: the lowest one that can be started or continued (a failed one waits for "resubmit"). */
export function nextOpenLevel(info: KycLevelInfo): StepLevel | null {
  return stepLevels.find((level) => canWorkOn(info, level) && statusOf(info, level).state !== 'failed') ?? null;
}

/** The shared status colours, each with a mark so that colour is never alone. */
const stateLook: Record<KycLevelState, { color: string; mark: string }> = {
  notStarted: { color: 'default', mark: '○' },
  continue: { color: 'processing', mark: '◔' },
  verifying: { color: 'warning', mark: '…' },
  verified: { color: 'success', mark: '✓' },
  failed: { color: 'error', mark: '✕' },
};

export function LevelStateTag({ level, state }: { level: StepLevel; state: KycLevelState }) {
  const { t } = useTranslation('kyc');
  return (
    <Tag color={stateLook[state].color} data-testid={`kyc-level-state-${level}`} data-state={state}>
      <span aria-hidden="true">{stateLook[state].mark} </span>
      {t(`states.${state}`)}
    </Tag>
  );
}

/**
 * The three levels of spec §4 as cards: what each asks for, its state, the translated reason of
 * a refusal with the reviewer's note, and the action it allows now (start, continue, resubmit).
 */
export function LevelCards({
  info,
  isCountryChosen,
  openLevel,
  onOpen,
}: {
  info: KycLevelInfo;
  /** Nothing can be started before a country that may be verified is chosen. */
  isCountryChosen: boolean;
  openLevel: StepLevel | null;
  onOpen: (level: StepLevel) => void;
}) {
  const { t } = useTranslation('kyc');

  return (
    <ol className={styles.levels} data-testid="kyc-levels">
      {stepLevels.map((level) => {
        const status = statusOf(info, level);
        const name = levelNames[level];
        const isWorkable = canWorkOn(info, level);
        const action = status.state === 'failed' ? 'resubmit' : status.state === 'continue' ? 'continue' : 'start';
        const blockedBy =
          level > 1 && !isWorkable && status.state === 'notStarted' ? t('levels.previousFirst', { level: level - 1 }) : null;
        const isOpen = openLevel === level;
        return (
          <li
            key={level}
            className={`${styles.levelCard} ${isOpen ? styles.levelCardOpen : ''}`}
            data-testid={`kyc-level-${level}`}
            aria-current={isOpen ? 'step' : undefined}
          >
            <div className={styles.levelHead}>
              <span className={styles.levelNumber}>{t('levels.number', { level })}</span>
              <LevelStateTag level={level} state={status.state} />
            </div>
            <h3 className={styles.levelTitle}>{t(`levels.${name}.title`)}</h3>
            <p className={styles.levelText}>{t(`levels.${name}.asks`)}</p>
            {status.state === 'failed' && status.rejectReason ? (
              <div className={styles.rejectReason} data-testid={`kyc-level-reason-${level}`} role="note">
                <strong>{t(`rejectReasons.${status.rejectReason.key}`)}</strong>
                {status.rejectReason.text.trim() !== '' ? <span className={styles.reviewerNote}>{status.rejectReason.text}</span> : null}
              </div>
            ) : null}
            {status.state === 'verifying' ? <p className={styles.levelHint}>{t('levels.verifyingHint')}</p> : null}
            {blockedBy ? <p className={styles.levelHint}>{blockedBy}</p> : null}
            {isWorkable ? (
              <div className={styles.levelAction}>
                <Button
                  type={isOpen ? 'default' : 'primary'}
                  disabled={!isCountryChosen}
                  onClick={() => onOpen(level)}
                  data-testid={`kyc-level-action-${level}`}
                >
                  {t(`levels.actions.${action}`)}
                </Button>
                {!isCountryChosen ? <span className={styles.levelHint}>{t('levels.countryFirst')}</span> : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
