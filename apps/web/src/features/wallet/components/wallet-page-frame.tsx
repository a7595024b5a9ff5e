import { PageFrame, type PageFrameProps } from '../../../shared/ui/page-frame';

/** A wallet screen. */
export function WalletPageFrame(props: PageFrameProps) {
  return <PageFrame {...props} />;
}
