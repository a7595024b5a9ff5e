/** `npm run check`: no server file names a table created by another module's migrations (with the baseline's ratchet). */
import { checkTableOwnership, report } from './boundaries/checks';

report(checkTableOwnership(process.cwd()));
