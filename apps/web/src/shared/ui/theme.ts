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
  fontFamily:
    "Inter, 'Segoe UI', Roboto, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', Arial, sans-serif",
} as const;
