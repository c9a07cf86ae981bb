import { describe, expect, it } from 'vitest';
import { checkSelect, QueryRefusedError } from './select-check';

// The first guard of a user-written query (docs/decisions/052): parsed in the source's dialect, one SELECT
// that writes nothing, or refused with the reason. The server's read-only session is tested against real
// servers (database-sources.int.test.ts).

const KINDS = ['postgres', 'mysql', 'sqlite'] as const;

const refusal = (query: string, kind: (typeof KINDS)[number]) => {
  try {
    checkSelect(query, kind);
  } catch (error) {
    if (error instanceof QueryRefusedError) return error.message;
    throw error;
  }
  return null;
};

describe('checkSelect', () => {
  it.each(KINDS)(
    '%s: takes one SELECT, joins and unions included, and drops a trailing semicolon',
    (kind) => {
      expect(checkSelect('select * from invoices where id > 3;', kind)).toBe(
        'select * from invoices where id > 3',
      );
      expect(
        checkSelect('SELECT i.id, c.name FROM invoices i JOIN customers c ON c.id = i.customer_id', kind),
      ).toMatch(/^SELECT/);
      expect(checkSelect('select a from t union select b from u', kind)).toMatch(/union/);
      // Words that name writes inside a string are data, not statements.
      expect(checkSelect("select id, note from tickets where note like '%delete%'", kind)).toMatch(/like/);
    },
  );

  it.each(KINDS)('%s: refuses DELETE, UPDATE, INSERT and DDL', (kind) => {
    expect(refusal('delete from invoices', kind)).toMatch(/DELETE statement/);
    expect(refusal('update invoices set total = 0', kind)).toMatch(/UPDATE statement/);
    expect(refusal('insert into t values (1)', kind)).toMatch(/INSERT statement/);
    expect(refusal('drop table invoices', kind)).toMatch(/DROP statement/);
  });

  it.each(KINDS)('%s: refuses several statements, even all SELECTs', (kind) => {
    expect(refusal('select 1; select 2', kind)).toMatch(/2 statements/);
    expect(refusal('select 1 as id; delete from t', kind)).toMatch(/2 statements/);
  });

  it.each(KINDS)('%s: refuses SELECT … FOR UPDATE / FOR SHARE', (kind) => {
    expect(refusal('select * from t for update', kind)).toMatch(/locks rows/);
    expect(refusal('select * from t for share', kind)).toMatch(/locks rows/);
  });

  it('refuses a write inside WITH, and SELECT … INTO', () => {
    expect(refusal('with x as (insert into t values (1) returning *) select * from x', 'postgres')).toMatch(
      /INSERT/,
    );
    for (const kind of KINDS) {
      expect(refusal('with d as (delete from t returning id) select id from d', kind)).not.toBeNull();
      expect(refusal('select * into t2 from t', kind)).not.toBeNull();
    }
    expect(refusal('select * into t2 from t', 'postgres')).toMatch(/INTO/);
    expect(refusal('select * into t2 from t', 'mysql')).toMatch(/INTO/);
  });

  it('refuses functions that undo the read-only session, write large objects, or reach past the database', () => {
    for (const query of [
      "select set_config('default_transaction_read_only', 'off', false) as id",
      "select 1 as id, lo_from_bytea(0, 'x') as body",
      "select 1 as id, pg_catalog.LO_IMPORT('/etc/passwd') as body",
      "select id from t where id in (select dblink_exec('host=evil', 'drop table t'))",
      "select 1 as id, pg_read_file('/etc/passwd') as body",
      "select 1 as id, query_to_xml('select 1', true, true, '') as body",
      'select pg_advisory_lock(1) as id',
    ])
      expect(refusal(query, 'postgres'), query).toMatch(/because it calls [a-z_]+\(\)/);
    expect(refusal("select 1 as id, load_file('/etc/passwd') as body", 'mysql')).toMatch(/load_file\(\)/);
    // Ordinary functions stay allowed.
    expect(
      checkSelect("select id, lower(name) || ' ' || coalesce(note, '') as body from t", 'postgres'),
    ).toMatch(/lower/);
  });

  it('refuses a function outside the read-only built-ins: the source’s own, nextval, another schema’s', () => {
    for (const [query, name] of [
      ["select nextval('invoice_numbers') as id, 'x' as body", 'nextval'],
      ["select bump_audit() as id, 'x' as body", 'bump_audit'],
      ['select id, billing.lower(name) as body from t', 'billing.lower'],
      ['select id, body from t where id in (select my_count(x) from u)', 'my_count'],
    ] as const) {
      const kind = name === 'bump_audit' ? 'mysql' : 'postgres';
      expect(refusal(query, kind), query).toMatch(
        new RegExp(
          `calls ${name.replace('.', '\\.')}\\(\\), which is not one of the built-in functions Trove knows to be read-only`,
        ),
      );
    }
  });

  it.each(KINDS)(
    '%s: takes the everyday built-ins: text, dates, conditionals, aggregates, windows',
    (kind) => {
      const dates = {
        postgres: "to_char(created_at, 'YYYY-MM') as period, date_trunc('day', created_at)",
        mysql: "date_format(created_at, '%Y-%m') as period, ifnull(note, '')",
        sqlite: "strftime('%Y-%m', created_at) as period, iif(note is null, '', note)",
      }[kind];
      // The parser's SQLite grammar knows no OVER (ORDER BY …): windows are asked of the servers alone.
      const windows =
        kind === 'sqlite'
          ? ''
          : 'count(*) over (partition by customer_id) as n, row_number() over (order by id) as r,';
      const query = `select id, upper(trim(name)) as title, coalesce(note, '') as body, ${dates}, ${windows}
      max(total) as largest from invoices group by id, name, note, created_at, customer_id`;
      expect(refusal(query, kind)).toBeNull();
      expect(
        refusal('select pg_catalog.lower(name) as body, current_timestamp as seen from t', 'postgres'),
      ).toBeNull();
      expect(
        refusal("select g as id, repeat('x', 3) as body from generate_series(1, 5) g", 'postgres'),
      ).toBeNull();
    },
  );

  it('refuses what it cannot read, saying so', () => {
    expect(refusal('selec * frm t', 'postgres')).toMatch(/could not read this as one SELECT/);
  });
});
