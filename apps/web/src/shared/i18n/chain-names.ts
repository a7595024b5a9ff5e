import { useTranslation } from 'react-i18next';

/** Chain names as the funds screens show them (`funds:chains.*`); the chain's id when it has none. Needs the `funds` namespace loaded. */
export function useChainName(): (chain: string) => string {
  const { t } = useTranslation('funds');
  return (chain) => t(`chains.${chain}`, { defaultValue: chain });
}

/** Networks the catalogue knows by code; any other shows its code in capitals. */
const knownChains = ['ethereum', 'bitcoin', 'xrpl'] as const;
type KnownChain = (typeof knownChains)[number];
const isKnownChain = (chain: string): chain is KnownChain => (knownChains as readonly string[]).includes(chain);

/**
 * A network's name in the user's language ("Ethereum", "XRP Ledger"), with its token standard
 * when it has one ("Ethereum (ERC-20)"). Needs the `funds` namespace loaded.
 */
export function useChainLabel(): (chain: string, tokenStandard?: string) => string {
  const { t } = useTranslation('funds');
  return (chain, tokenStandard) => {
    const name = isKnownChain(chain) ? t(`chains.${chain}`) : chain.toUpperCase();
    return tokenStandard && tokenStandard !== 'native' ? `${name} (${tokenStandard.toUpperCase().replace(/^ERC(\d+)$/, 'ERC-$1')})` : name;
  };
}
