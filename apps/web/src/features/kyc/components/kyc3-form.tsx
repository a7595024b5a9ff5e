import type { SaveKyc3Body } from '@coffer/contract';
import {
  checkKycFile,
  checkKycVideoDuration,
  countKycCharacters,
  hasCjkCharacter,
  kycFundSourceOptions,
  kycIncomeSourceOptions,
  kycLimits,
  kycPurposeOptions,
  kycUploadErrorKey,
  validateKyc3,
  type Kyc3Field,
  type Kyc3Input,
} from '@coffer/contract/rules';
import { errorMessage } from '@coffer/contract/errors';
import { Alert, Button, Checkbox, Form, Input, Progress, type FormRule } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useSaveKyc3 } from '../api/save-kyc3';
import { baseMediaType, uploadKycFile } from '../api/upload-kyc-file';
import { failureText } from './failure-text';
import { useKycRuleText } from './kyc-rule-text';
import { drawSpokenCode } from './video-script';
import { VideoRecorder, type RecordedVideo } from './video-recorder';
import styles from './kyc.module.css';

export interface Kyc3Values {
  purposes?: string[];
  purposeOther?: string;
  incomeSources?: string[];
  incomeSourceOther?: string;
  fundSources?: string[];
  fundSourceOther?: string;
  remark?: string;
  notUsPerson?: boolean;
  accuracyConfirmed?: boolean;
}

function inputOf(values: Kyc3Values): Kyc3Input {
  return {
    purposes: values.purposes ?? [],
    purposeOther: values.purposeOther,
    incomeSources: values.incomeSources ?? [],
    incomeSourceOther: values.incomeSourceOther,
    fundSources: values.fundSources ?? [],
    fundSourceOther: values.fundSourceOther,
    remark: values.remark,
    notUsPerson: values.notUsPerson === true,
    accuracyConfirmed: values.accuracyConfirmed === true,
  };
}

/** The extra text's limit for what is typed: 80 characters, 40 once it holds any CJK character (spec §5). */
export function remarkLimitOf(text: string): number {
  return hasCjkCharacter(text) ? kycLimits.remarkCjkMaxChars : kycLimits.remarkMaxChars;
}

const groups = [
  { field: 'purposes', other: 'purposeOther', options: kycPurposeOptions, testId: 'kyc3-purpose' },
  { field: 'incomeSources', other: 'incomeSourceOther', options: kycIncomeSourceOptions, testId: 'kyc3-income' },
  { field: 'fundSources', other: 'fundSourceOther', options: kycFundSourceOptions, testId: 'kyc3-fund' },
] as const;

type Stage = 'form' | 'uploading' | 'saving';

/**
 * KYC3, video verification (spec §3/§5): purposes of the account, sources of income and of
 * crypto funds (each at least one option, an "other" text when "other" is ticked), the extra
 * text with its live count, the two confirmations, then the video reading the shown text. The
 * video is uploaded (`purpose=video`) on submit, then the answers are saved.
 */
export function Kyc3Form({ fullName = null, onSubmitted }: { fullName?: string | null; onSubmitted: () => void }) {
  const { t } = useTranslation('kyc');
  const language = useLanguage();
  const [form] = Form.useForm<Kyc3Values>();
  const ruleText = useKycRuleText();
  const save = useSaveKyc3();
  const [video, setVideo] = useState<RecordedVideo | null>(null);
  const [videoProblem, setVideoProblem] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>('form');
  const [spokenCode] = useState(() => drawSpokenCode());
  const remark = Form.useWatch('remark', form) ?? '';
  const chosen = {
    purposes: Form.useWatch('purposes', form) ?? [],
    incomeSources: Form.useWatch('incomeSources', form) ?? [],
    fundSources: Form.useWatch('fundSources', form) ?? [],
  };

  const ruleFor = useMemo(
    () =>
      (field: Kyc3Field): FormRule =>
      ({ getFieldsValue }) => ({
        validator: async () => {
          const values = getFieldsValue(true) as Kyc3Values;
          const problem = validateKyc3(inputOf(values)).find((each) => each.field === field);
          if (!problem) return;
          const max = field === 'remark' ? remarkLimitOf(values.remark ?? '') : kycLimits.textMaxChars;
          const isGroup = field === 'purposes' || field === 'incomeSources' || field === 'fundSources';
          throw new Error(isGroup && problem.rule === 'required' ? t('kyc3.chooseOne') : ruleText(problem.rule, { max }));
        },
      }),
    [t, ruleText],
  );

  const handleVideo = (next: RecordedVideo | null) => {
    setVideo(next);
    setVideoProblem(null);
  };

  const handleFinish = async (values: Kyc3Values) => {
    if (!video) {
      setVideoProblem(t('kyc3.videoRequired'));
      return;
    }
    const fileRule =
      checkKycFile('video', { mediaType: baseMediaType(video.blob.type), size: video.blob.size }) ??
      checkKycVideoDuration(video.durationSeconds);
    if (fileRule) {
      setVideoProblem(errorMessage(kycUploadErrorKey('video', fileRule), language));
      return;
    }
    setVideoProblem(null);
    save.reset();
    setStage('uploading');
    let uploadId: string;
    try {
      ({ uploadId } = await uploadKycFile({ purpose: 'video', file: video.blob, durationSeconds: video.durationSeconds }));
    } catch (error) {
      setStage('form');
      // §8: a recording the server refuses, or an upload that failed or timed out, is made again.
      setVideoProblem(failureText(error, errorMessage('kycVideoFailed', language)));
      return;
    }
    const input = inputOf(values);
    const otherOf = (selected: readonly string[], text: string | undefined) =>
      selected.includes('other') && text?.trim() ? text.trim() : undefined;
    const body: SaveKyc3Body = {
      purposes: input.purposes as SaveKyc3Body['purposes'],
      purposeOther: otherOf(input.purposes, input.purposeOther),
      incomeSources: input.incomeSources as SaveKyc3Body['incomeSources'],
      incomeSourceOther: otherOf(input.incomeSources, input.incomeSourceOther),
      fundSources: input.fundSources as SaveKyc3Body['fundSources'],
      fundSourceOther: otherOf(input.fundSources, input.fundSourceOther),
      remark: input.remark?.trim() ? input.remark.trim() : undefined,
      notUsPerson: input.notUsPerson,
      accuracyConfirmed: input.accuracyConfirmed,
      videoUploadId: uploadId,
    };
    setStage('saving');
    save.mutate(body, { onSuccess: onSubmitted, onSettled: () => setStage('form') });
  };

  const remarkLimit = remarkLimitOf(remark.trim());
  const remarkCount = countKycCharacters(remark.trim());
  const saveProblem = save.error ? failureText(save.error, t('errors.submitFailed')) : null;

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      className={styles.form}
      onFinish={(values) => void handleFinish(values)}
      onFinishFailed={() => {
        if (!video) setVideoProblem(t('kyc3.videoRequired'));
      }}
      data-testid="kyc3-form"
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('kyc3.about')}</legend>
        {groups.map((group) => (
          <div key={group.field} className={styles.optionGroup}>
            <Form.Item name={group.field} label={t(`kyc3.${group.field}.label`)} rules={[ruleFor(group.field)]}>
              <Checkbox.Group className={styles.checkboxes} data-testid={`${group.testId}s`}>
                {group.options.map((option) => (
                  <Checkbox key={option} value={option} data-testid={`${group.testId}-${option}`}>
                    {t(`kyc3.${group.field}.options.${option}` as 'kyc3.purposes.options.other')}
                  </Checkbox>
                ))}
              </Checkbox.Group>
            </Form.Item>
            {(chosen[group.field] as readonly string[]).includes('other') ? (
              <Form.Item
                name={group.other}
                label={t('kyc3.otherLabel')}
                rules={[ruleFor(group.other)]}
                dependencies={[group.field]}
                className={styles.otherText}
              >
                <Input maxLength={kycLimits.textMaxChars * 2} data-testid={`${group.testId}-other-text`} />
              </Form.Item>
            ) : null}
          </div>
        ))}
        <Form.Item
          name="remark"
          label={t('kyc3.remark')}
          rules={[ruleFor('remark')]}
          extra={
            <span className={styles.counterRow}>
              <span>{t('kyc3.remarkHint')}</span>
              <span
                className={`tabular-numbers ${remarkCount > remarkLimit ? styles.counterOver : ''}`}
                aria-live="polite"
                data-testid="kyc3-remark-counter"
              >
                {remarkCount}/{remarkLimit}
              </span>
            </span>
          }
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} data-testid="kyc3-remark" />
        </Form.Item>
        <Form.Item name="notUsPerson" valuePropName="checked" rules={[ruleFor('notUsPerson')]} className={styles.confirm}>
          <Checkbox data-testid="kyc3-not-us-person">{t('kyc3.notUsPerson')}</Checkbox>
        </Form.Item>
        <Form.Item name="accuracyConfirmed" valuePropName="checked" rules={[ruleFor('accuracyConfirmed')]} className={styles.confirm}>
          <Checkbox data-testid="kyc3-accuracy">{t('kyc3.accuracy')}</Checkbox>
        </Form.Item>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('kyc3.video')}</legend>
        <p className={styles.muted}>{t('kyc3.videoIntro')}</p>
        <blockquote className={styles.script} data-testid="kyc3-video-script">
          {t('kyc3.script', {
            name: fullName ?? t('kyc3.yourName'),
            date: formatDate(new Date().toISOString(), language),
            code: spokenCode,
          })}
        </blockquote>
        <VideoRecorder value={video} onChange={handleVideo} />
        {videoProblem ? <Alert type="error" showIcon title={videoProblem} data-testid="kyc3-video-problem" /> : null}
      </fieldset>

      {stage === 'uploading' ? (
        <div className={styles.uploading} data-testid="kyc3-uploading">
          <span>{t('kyc3.uploading')}</span>
          <Progress percent={100} status="active" showInfo={false} />
        </div>
      ) : null}
      {saveProblem ? (
        <Alert type="error" showIcon className={styles.formAlert} title={saveProblem} data-testid="kyc3-server-error" />
      ) : null}
      <div className={styles.formActions}>
        <Button type="primary" htmlType="submit" loading={stage !== 'form'} data-testid="kyc3-submit">
          {t('kyc3.submit')}
        </Button>
        <span className={styles.muted}>{t('kyc3.submitHint')}</span>
      </div>
    </Form>
  );
}
