import {
  checkCustodyNote,
  custodyLimits,
  errorMessage,
  limits,
  type CustodyAddressBody,
  type CustodyWhitelistEntry,
} from '@coffer/contract';
import { Form, Input, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import type { CustodyNetworks } from '../api/custody-networks';
import type { FieldPath } from './config-refusal';
import styles from './custody-config.module.css';

/** A destination as typed: an address-book entry, or a business line's whitelist row. */
export interface DestinationValues {
  asset: string | undefined;
  chain: string | undefined;
  address: string;
  tag: string;
  note: string;
}

export const emptyDestination: DestinationValues = { asset: undefined, chain: undefined, address: '', tag: '', note: '' };

/** The addresses' longest length the contract takes; the chain's own format is the server's check. */
const addressMaxChars = 128;
const tagPattern = new RegExp(`^\\d{1,${limits.xrpTagMaxChars}}$`);

/** The body of a destination: texts trimmed, coin and network as chosen, a tag only where the network takes one. */
export function destinationBodyOf(
  values: DestinationValues,
  networks: CustodyNetworks[] | undefined,
): CustodyAddressBody & CustodyWhitelistEntry {
  const takesTag = needsMemo(networks, values.asset, values.chain);
  return {
    asset: values.asset ?? '',
    chain: values.chain ?? '',
    address: values.address.trim(),
    tag: takesTag ? values.tag.trim() : '',
    note: values.note.trim(),
  };
}

function chainsOf(networks: CustodyNetworks[] | undefined, asset: string | undefined) {
  return networks?.find((network) => network.coin === asset)?.chains ?? [];
}

function needsMemo(networks: CustodyNetworks[] | undefined, asset: string | undefined, chain: string | undefined): boolean {
  return chainsOf(networks, asset).some((option) => option.chain === chain && option.needsMemo);
}

/**
 * A destination's fields (spec §3, §5): a supported coin, one of its networks, the address,
 * the tag/memo where the network takes one (XRP: digits), a note of at most 150 characters
 * with its counter. `name` prefixes the fields inside the form's current list (`[field.name]`
 * in a `Form.List`), `path` is the same place from the form's root (`['whitelist', 2]`).
 * Whether the address is valid on its chain is the server's answer, shown at the address.
 */
export function DestinationFields({
  name,
  path,
  networks,
  testIdPrefix,
  isCompact = false,
  addressRules = [],
}: {
  name: FieldPath;
  path: FieldPath;
  networks: CustodyNetworks[] | undefined;
  testIdPrefix: string;
  isCompact?: boolean;
  addressRules?: FormRule[];
}) {
  const { t } = useTranslation('custodyConfig');
  const language = useLanguage();
  const chainName = useChainName();
  const form = Form.useFormInstance();
  const asset = Form.useWatch<string | undefined>([...path, 'asset'], form);
  const chain = Form.useWatch<string | undefined>([...path, 'chain'], form);
  const chains = chainsOf(networks, asset);
  const takesTag = needsMemo(networks, asset, chain);

  const handleAsset = (next: string) => {
    const first = chainsOf(networks, next)[0];
    form.setFieldValue([...path, 'chain'], first?.chain);
    if (!first?.needsMemo) form.setFieldValue([...path, 'tag'], '');
  };
  const handleChain = (next: string) => {
    if (!needsMemo(networks, asset, next)) form.setFieldValue([...path, 'tag'], '');
  };
  const label = (text: string) => (isCompact ? undefined : text);

  return (
    <div className={isCompact ? styles.destinationRow : styles.destination}>
      <Form.Item
        name={[...name, 'asset']}
        label={label(t('destination.asset'))}
        rules={[{ required: true, message: t('destination.assetRequired') }]}
      >
        <Select
          showSearch
          aria-label={t('destination.asset')}
          placeholder={t('destination.assetPlaceholder')}
          loading={!networks}
          options={(networks ?? []).map((network) => ({ value: network.coin, label: network.coin }))}
          onChange={handleAsset}
          data-testid={`${testIdPrefix}-asset`}
        />
      </Form.Item>
      <Form.Item
        name={[...name, 'chain']}
        label={label(t('destination.chain'))}
        rules={[{ required: true, message: t('destination.chainRequired') }]}
      >
        <Select
          aria-label={t('destination.chain')}
          placeholder={t('destination.chainPlaceholder')}
          disabled={!asset}
          options={chains.map((option) => ({ value: option.chain, label: chainName(option.chain) }))}
          onChange={handleChain}
          data-testid={`${testIdPrefix}-chain`}
        />
      </Form.Item>
      <Form.Item
        name={[...name, 'address']}
        label={label(t('destination.address'))}
        className={styles.addressField}
        rules={[
          { required: true, whitespace: true, message: t('destination.addressRequired') },
          {
            validator: async (_rule, value: string | undefined) => {
              const address = (value ?? '').trim();
              if (address !== '' && (/\s/.test(address) || address.length > addressMaxChars)) {
                throw new Error(errorMessage('invalidAddress', language));
              }
            },
          },
          ...addressRules,
        ]}
      >
        <Input
          aria-label={t('destination.address')}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('destination.addressPlaceholder')}
          data-testid={`${testIdPrefix}-address`}
        />
      </Form.Item>
      <Form.Item
        name={[...name, 'tag']}
        label={label(t('destination.tag'))}
        extra={isCompact ? undefined : takesTag ? t('destination.tagHelp') : t('destination.tagNone')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const tag = (value ?? '').trim();
              if (takesTag && tag !== '' && !tagPattern.test(tag)) throw new Error(errorMessage('invalidTag', language));
            },
          },
        ]}
      >
        <Input
          aria-label={t('destination.tag')}
          autoComplete="off"
          inputMode="numeric"
          disabled={!takesTag}
          placeholder={takesTag ? t('destination.tagPlaceholder') : t('destination.tagNoneShort')}
          data-testid={`${testIdPrefix}-tag`}
        />
      </Form.Item>
      <Form.Item
        name={[...name, 'note']}
        label={label(t('destination.note'))}
        className={styles.noteField}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const key = checkCustodyNote((value ?? '').trim());
              if (key) throw new Error(errorMessage(key, language, { max: custodyLimits.noteMaxChars }));
            },
          },
        ]}
      >
        <Input
          aria-label={t('destination.note')}
          placeholder={t('destination.notePlaceholder')}
          count={{ show: true, max: custodyLimits.noteMaxChars }}
          data-testid={`${testIdPrefix}-note`}
        />
      </Form.Item>
    </div>
  );
}
