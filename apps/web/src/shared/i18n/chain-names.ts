import { useTranslation } from 'react-i18next';

/** Chain names as the funds screens show them (`funds:chains.*`); the chain's id when it has none. Needs the `funds` namespace loaded. */
export function useChainName(): (chain: string) => string {
  const { t } = useTranslation('funds');
  return (chain) => t(`chains.${chain}`, { defaultValue: chain });
}
