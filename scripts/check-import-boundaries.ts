/** `npm run check`: import direction between server modules and web features, and no import cycles (with the baseline's ratchet). */
import { checkImportBoundaries, report } from './boundaries/checks';

report(await checkImportBoundaries(process.cwd()));
