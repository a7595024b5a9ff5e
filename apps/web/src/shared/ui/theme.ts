/**
 * Design tokens, in one place (design.md): a deep navy primary, one gold accent, neutral
 * greys. theme.css mirrors them as CSS variables; antd screens read them from here.
 */
export const colors = {
  ink: '#0b1b33',
  inkSoft: '#1c2e4a',
  accent: '#d4a73c',
  accentSoft: '#f6ecd2',
  surface: '#ffffff',
  canvas: '#f4f6fa',
  border: '#e3e8ef',
  text: '#142033',
  textMuted: '#5b6b82',
  up: '#14a06f',
  down: '#d9473f',
  pending: '#d48806',
  success: '#14a06f',
  failed: '#d9473f',
  frozen: '#5b6b82',
} as const;

/**
 * Latin fonts first, the CJK fonts after them: a browser takes each character from the first
 * font that has it, and the CJK fonts also draw Latin letters and quotes (full-width, so
 * English quotes came out wide on Linux, where only Noto Sans CJK of these was installed
 * before Liberation Sans, Arial's metric twin). Chinese characters, which no Latin font has,
 * still come from the CJK fonts. theme.css repeats this stack as `--font-sans`.
 */
export const fontFamily =
  "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

export const antdThemeTokens = {
  colorPrimary: colors.ink,
  colorLink: colors.inkSoft,
  colorSuccess: colors.success,
  colorError: colors.failed,
  colorWarning: colors.pending,
  colorText: colors.text,
  colorTextSecondary: colors.textMuted,
  colorBorder: colors.border,
  colorBgLayout: colors.canvas,
  borderRadius: 8,
  // A dark primary would paint selected menu and select options dark grey: keep them light.
  controlItemBgActive: '#eaf0f8',
  controlItemBgActiveHover: '#dde6f2',
  controlItemBgHover: '#f2f5fa',
  fontFamily,
} as const;
