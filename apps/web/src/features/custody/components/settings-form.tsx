import { custodyLimits, custodySettingsSchema, errorCatalogue, parseIpWhitelist, type CustodySettings } from '@coffer/contract';
import { Button, Form, Input, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { saveCustodySettings } from '../api/custody-settings';
import { showRefusal, type FieldPath } from './config-refusal';
import { DialogError } from '../../../shared/ui/dialog-parts';
import styles from './custody-config.module.css';

const settingsFields = ['requireHardwareKey', 'sessionMinutes', 'consoleIps'] as const;
const fieldByCode = new Map<number, FieldPath>([[errorCatalogue.custodyIpNotAllowed.code, ['consoleIps']]]);

/** The session length the contract takes, in minutes. */
const sessionRange = {
  min: custodySettingsSchema.shape.sessionMinutes.minValue ?? 5,
  max: custodySettingsSchema.shape.sessionMinutes.maxValue ?? 720,
};

/** The settings as sent: the IP list as the contract's parser reads it (duplicates dropped, ", " between). */
export function settingsBodyOf(values: CustodySettings): CustodySettings {
  const ips = parseIpWhitelist(values.consoleIps, custodyLimits.consoleIpsMax);
  return {
    requireHardwareKey: values.requireHardwareKey,
    sessionMinutes: values.sessionMinutes,
    consoleIps: ips.ok ? ips.entries.join(', ') : values.consoleIps.trim(),
  };
}

/**
 * The organisation's common settings (spec §3, issue 17): members must register a security key
 * or passkey, the console's session length (from the login), and the IP addresses or ranges the console
 * may be used from (empty: any). The server refuses a list that leaves out the saver's own
 * address; that refusal is shown at the list.
 */
export function SettingsForm({ settings, onSaved }: { settings: CustodySettings; onSaved: (saved: CustodySettings) => void }) {
  const { t } = useTranslation('custodyConfig');
  const [form] = Form.useForm<CustodySettings>();
  const [refusal, setRefusal] = useState<string | null>(null);

  const { isPending, submit } = useSingleSubmit(async (values: CustodySettings) => {
    setRefusal(null);
    try {
      const saved = await saveCustodySettings(settingsBodyOf(values));
      form.setFieldsValue(saved);
      onSaved(saved);
    } catch (error) {
      setRefusal(showRefusal(form, error, { fields: settingsFields, byCode: fieldByCode }));
      throw error;
    }
  });

  return (
    <Form<CustodySettings>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={settings}
      onFinish={submit}
      className={styles.settingsForm}
      data-testid="settings-form"
    >
      <DialogError message={refusal} testId="settings-form-error" />
      <Form.Item
        name="requireHardwareKey"
        label={t('settings.requireHardwareKey')}
        extra={t('settings.requireHardwareKeyHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="settings-hardware-key" />
      </Form.Item>
      <Form.Item
        name="sessionMinutes"
        label={t('settings.sessionMinutes')}
        extra={t('settings.sessionMinutesHelp', sessionRange)}
        rules={[
          {
            validator: async (_rule, value: number | null | undefined) => {
              if (typeof value !== 'number' || !Number.isInteger(value) || value < sessionRange.min || value > sessionRange.max) {
                throw new Error(t('settings.sessionMinutesRange', sessionRange));
              }
            },
          },
        ]}
      >
        <InputNumber
          min={sessionRange.min}
          max={sessionRange.max}
          precision={0}
          suffix={t('settings.minutes')}
          className={styles.sessionInput}
          data-testid="settings-session"
        />
      </Form.Item>
      <Form.Item
        name="consoleIps"
        label={t('settings.consoleIps')}
        extra={t('settings.consoleIpsHelp', { max: custodyLimits.consoleIpsMax })}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const parsed = parseIpWhitelist(value ?? '', custodyLimits.consoleIpsMax);
              if (parsed.ok) return;
              throw new Error(
                parsed.reason === 'tooMany'
                  ? t('settings.consoleIpsTooMany', { max: custodyLimits.consoleIpsMax })
                  : t('settings.consoleIpsInvalid'),
              );
            },
          },
        ]}
      >
        <Input.TextArea rows={3} spellCheck={false} placeholder={t('settings.consoleIpsPlaceholder')} data-testid="settings-ips" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isPending} data-testid="settings-save">
        {t('settings.save')}
      </Button>
    </Form>
  );
}
