export { ResearchListPage } from './research-list-page';
export { ResearchReportPage } from './research-report-page';
