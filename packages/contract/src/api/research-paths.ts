/** Research reports and news of spec §1, §2 and §7 (`/pfs/research/...`). */
export const researchPaths = {
  /** Published items of one language and channel, newest first; anonymous. */
  list: '/pfs/research/anon/report/list/:lang/:channel',
  /** One published item with its body; needs a session (the path has no `anon`). */
  read: '/pfs/research/report/read/:id',
} as const;

/** `research`: explainers and guides; `news`: platform notices. */
export const researchChannels = ['research', 'news'] as const;
export type ResearchChannel = (typeof researchChannels)[number];

export const researchPageSizeMax = 50;
export const researchPageSizeDefault = 10;

/** The web app's reading page of one item; the dashboard's news links point here. */
export function researchReportPagePath(id: string): string {
  return `/propertyCenter/researchMobile/${encodeURIComponent(id)}`;
}
