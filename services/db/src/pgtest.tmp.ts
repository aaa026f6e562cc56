import { openDatabase } from '@bari/db';
import pg from 'pg';
const t=Date.now();
const db = await openDatabase({ BARI_DATA_DIR: '/tmp/bari-pgtest' }, (m)=>console.log('LOG',m));
console.log('started in', Date.now()-t, db.url);
const c = new pg.Client(db.url); await c.connect(); console.log((await c.query('select version()')).rows[0]); await c.end();
await db.stop(); console.log('stopped');
