import { PageFrame, type PageFrameProps } from '../../../shared/ui/page-frame';

/** A trade screen: the links to the other trade screens are its actions. */
export function TradePageFrame(props: PageFrameProps) {
  return <PageFrame {...props} linkActions />;
}
