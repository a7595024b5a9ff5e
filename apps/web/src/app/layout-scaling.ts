import { layoutScaling, limits } from '@coffer/contract';

/** Widest viewport that still scales up; beyond it the layout stays centred at this scale. */
const maxScaledWidthPx = 1920;
/** Below this the device is a phone or small tablet, laid out for its own width. */
const mobileBreakpointPx = 768;
const mobileDesignWidthPx = 375;
const mobileBaseFontPx = 16;

/**
 * Root font size for the spec's layout scaling (§9): the design is drawn at a 1460-px base
 * width with a 32-px root, and scales with the viewport, never below the 1340-px minimum.
 */
export function rootFontSizeFor(viewportWidthPx: number): number {
  if (viewportWidthPx < mobileBreakpointPx) {
    return (mobileBaseFontPx * Math.max(viewportWidthPx, 320)) / mobileDesignWidthPx;
  }
  const width = Math.min(Math.max(viewportWidthPx, layoutScaling.minWidthPx), maxScaledWidthPx);
  return (layoutScaling.baseFontPx * width) / layoutScaling.baseWidthPx;
}

export function applyLayoutScaling(target: Window = window): () => void {
  const root = target.document.documentElement;
  const apply = () => {
    const width = target.innerWidth;
    root.style.fontSize = `${rootFontSizeFor(width).toFixed(3)}px`;
    root.dataset.layout = width < mobileBreakpointPx ? 'mobile' : 'desktop';
    root.style.setProperty('--desktop-min-width', `${limits.desktopMinWidthPx}px`);
  };
  apply();
  target.addEventListener('resize', apply);
  return () => target.removeEventListener('resize', apply);
}
