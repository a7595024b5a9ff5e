import type { Page } from 'playwright-core';

/**
 * What does not fit the window sideways: the document wider than the window, and every box
 * between a table and the page whose content is wider than itself — hidden, clipped, or
 * scrolling (a row's actions scrolled out of sight are as good as cut off). Empty when it all fits.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`document: ${root.scrollWidth} > ${root.clientWidth}`);
    const describe = (element: Element) => {
      const testId = element.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${Array.from(element.classList, (name) => `.${name}`).join('')}`;
    };
    const seen = new Set<Element>();
    for (const table of Array.from(document.querySelectorAll('table'))) {
      for (let element = table.parentElement; element && element !== document.body; element = element.parentElement) {
        if (seen.has(element)) continue;
        seen.add(element);
        // Visible overflow shows up in the document's width; one pixel is sub-pixel rounding.
        if (getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1) {
          found.push(`${describe(element)}: ${element.scrollWidth} > ${element.clientWidth}`);
        }
      }
    }
    return found;
  });
}
