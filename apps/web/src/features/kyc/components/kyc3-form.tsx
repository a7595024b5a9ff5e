import type { SaveKyc3Body } from '@coffer/contract';
import {
  checkKycFile,
  checkKycVideoDuration,
  countKycCharacters,
  hasCjkCharacter,
  kycLimits,
  kyc3Fields,
  kyc3Groups,
  kycUploadErrorKey,
  validateKyc3,
  type Kyc3Field,
  type Kyc3Input,
} from '@coffer/contract/rules';
import { errorCatalogue, errorMessage } from '@coffer/contract/errors';
import { Alert, Button, Checkbox, Form, Input, Progress, type FormRule } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date';
import { ApiError } from '../../../shared/http/http-client';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useSaveKyc3 } from '../api/save-kyc3';
import { baseMediaType, uploadKycFile } from '../api/upload-kyc-file';
import { failureText } from './failure-text';
import { useKycRuleText } from './kyc-rule-text';
import { isFieldInvalid, refusedFieldOf } from './refused-field';
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

/** Test ids of the multi-selects (the groups themselves are the contract's). */
const groupTestIds = { purposes: 'kyc3-purpose', incomeSources: 'kyc3-income', fundSources: 'kyc3-fund' } as const;

type Stage = 'form' | 'uploading' | 'saving';

/** The video as the server took it: sent again only for another recording, or once the server has let it go. */
interface SentVideo {
  blob: Blob;
  uploadId: string;
  expiresAt: number;
}

/** An upload kept this long before its expiry is not reused: the save must reach the server before it expires. */
const reuseMarginMs = 5 * 60_000;

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
  const [uploadPercent, setUploadPercent] = useState(0);
  const sentVideo = useRef<SentVideo | null>(null);
  const [spokenCode] = useState(() => drawSpokenCode());
  const remark = Form.useWatch('remark', form) ?? '';
  const chosen = {
    purposes: Form.useWatch('purposes', form) ?? [],
    incomeSources: Form.useWatch('incomeSources', form) ?? [],
    fundSources: Form.useWatch('fundSources', form) ?? [],
  };

  const { problemText, ruleFor } = useMemo(() => {
    /** What is wrong with `field` by the contract's rules, or null. */
    const problemText = (field: Kyc3Field, values: Kyc3Values): string | null => {
      const problem = validateKyc3(inputOf(values)).find((each) => each.field === field);
      if (!problem) return null;
      const max = field === 'remark' ? remarkLimitOf(values.remark ?? '') : kycLimits.textMaxChars;
      const isGroup = field === 'purposes' || field === 'incomeSources' || field === 'fundSources';
      return isGroup && problem.rule === 'required' ? t('kyc3.chooseOne') : ruleText(problem.rule, { max });
    };
    const ruleFor =
      (field: Kyc3Field): FormRule =>
      ({ getFieldsValue }) => ({
        validator: async () => {
          const text = problemText(field, getFieldsValue(true) as Kyc3Values);
          if (text !== null) throw new Error(text);
        },
      });
    return { problemText, ruleFor };
  }, [t, ruleText]);

  /** A field in the customer's words, for "please check this field". */
  const labelOf = (field: Kyc3Field): string => {
    switch (field) {
      case 'purposes':
      case 'incomeSources':
      case 'fundSources':
        return t(`kyc3.${field}.label`);
      case 'purposeOther':
        return `${t('kyc3.purposes.label')}: ${t('kyc3.otherLabel')}`;
      case 'incomeSourceOther':
        return `${t('kyc3.incomeSources.label')}: ${t('kyc3.otherLabel')}`;
      case 'fundSourceOther':
        return `${t('kyc3.fundSources.label')}: ${t('kyc3.otherLabel')}`;
      case 'remark':
        return t('kyc3.remark');
      case 'notUsPerson':
        return t('kyc3.notUsPerson');
      case 'accuracyConfirmed':
        return t('kyc3.accuracy');
    }
  };

  /** Marks the field the server refused with what is wrong with it (the rule's text when the form can tell). */
  const markRefusedField = (error: unknown, values: Kyc3Values) => {
    const field = refusedFieldOf(error, kyc3Fields);
    if (!field) return;
    const text =
      problemText(field, values) ??
      (isFieldInvalid(error) ? errorMessage('kycFieldInvalid', language, { field: labelOf(field) }) : (error as Error).message);
    form.setFields([{ name: field, errors: [text] }]);
    form.scrollToField(field);
  };

  /** The recording's upload id: the one already sent for this very recording while it is fresh, else a new upload. */
  const uploadIdFor = async (recorded: RecordedVideo): Promise<string> => {
    const sent = sentVideo.current;
    if (sent && sent.blob === recorded.blob && sent.expiresAt - reuseMarginMs > Date.now()) return sent.uploadId;
    setUploadPercent(0);
    const answer = await uploadKycFile({
      purpose: 'video',
      file: recorded.blob,
      durationSeconds: recorded.durationSeconds,
      onProgress: (progress) => setUploadPercent(progress.percent),
    });
    sentVideo.current = { blob: recorded.blob, uploadId: answer.uploadId, expiresAt: Date.parse(answer.expiresAt) };
    return answer.uploadId;
  };

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
      uploadId = await uploadIdFor(video);
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
    save.mutate(body, {
      onSuccess: onSubmitted,
      onError: (error) => {
        // The server no longer has the upload (expired, or cleaned up): the next try sends the video again.
        if (error instanceof ApiError && error.code === errorCatalogue.kycUploadNotFound.code) sentVideo.current = null;
        markRefusedField(error, values);
      },
      onSettled: () => setStage('form'),
    });
  };

  const remarkLimit = remarkLimitOf(remark.trim());
  const remarkCount = countKycCharacters(remark.trim());
  const refusedField = refusedFieldOf(save.error, kyc3Fields);
  // A refused field is marked on the form; the summary names it in the customer's words.
  const saveProblem = refusedField
    ? errorMessage('kycFieldInvalid', language, { field: labelOf(refusedField) })
    : save.error
      ? failureText(save.error, t('errors.submitFailed'))
      : null;

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
        {kyc3Groups.map((group) => (
          <div key={group.field} className={styles.optionGroup}>
            <Form.Item
              name={group.field}
              label={<span id={`kyc3-${group.field}-label`}>{t(`kyc3.${group.field}.label`)}</span>}
              rules={[ruleFor(group.field)]}
            >
              <Checkbox.Group
                className={styles.checkboxes}
                aria-labelledby={`kyc3-${group.field}-label`}
                data-testid={`${groupTestIds[group.field]}s`}
              >
                {group.options.map((option) => (
                  <Checkbox key={option} value={option} data-testid={`${groupTestIds[group.field]}-${option}`}>
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
                <Input maxLength={kycLimits.textMaxChars * 2} data-testid={`${groupTestIds[group.field]}-other-text`} />
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
          <span id="kyc3-uploading-label">{t('kyc3.uploading')}</span>
          <Progress percent={uploadPercent} status="active" aria-labelledby="kyc3-uploading-label" data-testid="kyc3-upload-progress" />
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
