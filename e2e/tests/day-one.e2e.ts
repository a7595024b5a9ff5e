import { describeDayOne } from '../support/day-one';

/** A new customer's first day (issue 13) in English and Simplified Chinese; the other two languages: `day-one-zh-tw-ru.e2e.ts`. */
describeDayOne(['en', 'zh-CN']);
