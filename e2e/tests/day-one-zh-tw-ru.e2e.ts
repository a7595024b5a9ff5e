import { describeDayOne } from '../support/day-one';

/** A new customer's first day (issue 13) in Traditional Chinese and Russian; the other two languages: `day-one.e2e.ts`. */
describeDayOne(['zh-TW', 'ru']);
