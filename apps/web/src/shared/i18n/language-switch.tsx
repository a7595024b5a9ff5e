import { languages, type Language } from '@coffer/contract/languages';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from './i18n';
import styles from './language-switch.module.css';

/** Each language is named in itself, so a reader finds theirs whatever is showing. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ru: 'Русский',
};

export function LanguageSwitch({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t, i18n } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const current = i18n.language as Language;

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [isOpen]);

  const handleChoose = (language: Language) => {
    setIsOpen(false);
    void switchLanguage(i18n, language);
  };

  return (
    <div
      ref={rootRef}
      className={`${styles.root} ${tone === 'light' ? styles.light : ''}`}
      onKeyDown={(event) => event.key === 'Escape' && setIsOpen(false)}
    >
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={t('language.label')}
        data-testid="language-switch"
        onClick={() => setIsOpen((open) => !open)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" className={styles.globe}>
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        {languageNames[current]}
      </button>
      {isOpen && (
        <ul id={menuId} role="listbox" aria-label={t('language.label')} className={styles.menu}>
          {languages.map((language) => (
            <li key={language} role="option" aria-selected={language === current}>
              <button
                type="button"
                lang={language}
                className={language === current ? styles.active : undefined}
                onClick={() => handleChoose(language)}
                data-testid={`language-option-${language}`}
              >
                {languageNames[language]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
