/**
 * SQL that fills `sdk_sessions` for the usage benchmark with generate_series, on the
 * server (fast: no round trip per row). Deterministic: `setseed` first, so run the
 * statements in one transaction (one connection) and in this order; then VACUUM ANALYZE.
 *
 * - `window` sessions of the caller's organisation in the last 29.9 days;
 * - `olderOwn` sessions of the same organisation 91-730 days old (outside any report window);
 * - `others` sessions of other organisations over the last 730 days (some inside the window).
 *
 * Spread: ~200 test ids with a skewed popularity (a few run far more often), 4 % without a test
 * id; the caller's sessions split over its own key (45 %), two other keys, the organisation key
 * ('legacy', 10 %) and no key (5 %); 3 % still running, 12 % failed; durations 20-420 s, 1 %
 * abandoned for 2-30 hours (left out of the average runtime); ai/cached steps skewed low/high.
 */

export interface UsageSeed {
  orgId: string;
  /** The caller's own API key id: the `apiKeyId=` variant filters on it. */
  apiKeyId: string;
  otherOrgIds: string[];
  window: number;
  olderOwn: number;
  others: number;
}

const FEATURES = [
  'login',
  'signup',
  'checkout',
  'search',
  'cart',
  'profile',
  'settings',
  'onboarding',
  'payments',
  'orders',
  'wishlist',
  'filters',
  'reviews',
  'notifications',
  'addresses',
  'coupons',
  'returns',
  'chat',
  'tracking',
  'logout',
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A row's columns from generate_series' `g`, its organisation and the start of its time range. */
function rows(opts: { from: number; count: number; org: string; key: string; started: string }): string {
  const features = `(ARRAY[${FEATURES.map(lit).join(',')}])`;
  return `INSERT INTO sdk_sessions (id, org_id, api_key_id, test_id, platform, status, started_at, ended_at,
                            ai_steps, cached_steps, other_steps, next_step)
SELECT 'ses_' || lpad(to_hex(g), 7, '0') || substr(md5(g::text), 1, 9), org, key,
       CASE WHEN r.t < 0.04 THEN NULL
            ELSE ${features}[1 + (r.k % 20)] || '-' || (r.k / 20 + 1)::text || '-flow' END,
       CASE WHEN r.p < 0.65 THEN 'android' ELSE 'ios' END,
       status, started, CASE WHEN status = 'running' THEN NULL ELSE started + duration END,
       ai, cached, other, ai + cached + other
  FROM generate_series(${opts.from}, ${opts.from + opts.count - 1}) AS g,
       LATERAL (SELECT floor(200 * power(random(), 1.6))::int AS k, random() AS t, random() AS p, random() AS s,
                       random() AS d, random() AS a, random() AS c, random() AS u, random() AS w
                 WHERE g > 0) AS r,
       LATERAL (SELECT ${opts.org} AS org, ${opts.key} AS key,
                       CASE WHEN r.s < 0.03 THEN 'running' WHEN r.s < 0.15 THEN 'failed' ELSE 'succeeded' END AS status,
                       ${opts.started} AS started,
                       CASE WHEN r.d < 0.01 THEN interval '2 hours' + r.d * 100 * interval '28 hours'
                            ELSE (20 + r.d * 400) * interval '1 second' END AS duration,
                       floor(12 * r.a * r.a)::int AS ai, floor(25 * sqrt(r.c))::int AS cached,
                       floor(4 * r.u)::int AS other) AS v`;
}

export function usageSeedStatements(s: UsageSeed): string[] {
  const ownKeys = `CASE WHEN r.u < 0.45 THEN ${lit(s.apiKeyId)} WHEN r.u < 0.70 THEN 'K2benchKey2' WHEN r.u < 0.85 THEN 'K3benchKey3'
                 WHEN r.u < 0.95 THEN 'legacy' ELSE NULL END`;
  const others = `(ARRAY[${s.otherOrgIds.map(lit).join(',')}])`;
  return [
    'SELECT setseed(0.42)',
    // The throw-away server runs with synchronous_commit off. A VACUUM right after an asynchronous commit
    // cannot set the rows' hint bits (the commit record is not flushed yet), so it would leave the
    // visibility map empty and every index-only scan would visit the heap for every row.
    'SET LOCAL synchronous_commit = on',
    rows({ from: 1, count: s.window, org: lit(s.orgId), key: ownKeys, started: "now() - r.w * interval '29.9 days'" }),
    rows({
      from: s.window + 1,
      count: s.olderOwn,
      org: lit(s.orgId),
      key: ownKeys,
      started: "now() - interval '91 days' - r.w * interval '639 days'",
    }),
    rows({
      from: s.window + s.olderOwn + 1,
      count: s.others,
      org: `${others}[1 + g % ${s.otherOrgIds.length}]`,
      key: `CASE WHEN r.u < 0.9 THEN 'O' || lpad((g % ${s.otherOrgIds.length * 3})::text, 10, '0') ELSE 'legacy' END`,
      started: "now() - r.w * interval '730 days'",
    }),
    'SELECT count(*)::int AS n FROM sdk_sessions',
  ];
}
