import { openSqliteFile } from '../database-reader';
import { checkSelect } from '../select-check';

// lazy-drivers.int.test.ts: a SQLite file opened (one that is not there: the client is loaded all the same)
// and a query checked, nothing else.
await openSqliteFile('/nonexistent/trove-lazy-probe.sqlite').catch(() => undefined);
checkSelect('select 1 as id', 'sqlite');
