import type { Language } from '@coffer/contract/languages';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdThemeTokens } from './theme';

const antdLocales = { en: enUS, 'zh-CN': zhCN, 'zh-TW': zhTW, ru: ruRU } as const satisfies Record<Language, unknown>;

/**
 * antd with Coffer's theme and the user's language. Only screens that use antd wrap
 * themselves in it, so the home page never loads antd.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={antdLocales[i18n.language as Language] ?? enUS} theme={{ token: antdThemeTokens }} componentSize="large">
      {children}
    </ConfigProvider>
  );
}
