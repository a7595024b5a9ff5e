import type { ButtonProps } from 'antd';

/** A `data-testid` for the buttons antd builds itself (dialog OK buttons); its props type has no data attributes. */
export function buttonTestId(testId: string): ButtonProps {
  return { 'data-testid': testId } as ButtonProps;
}
