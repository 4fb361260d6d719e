import { describe, expect, it } from 'vitest';
import { firstStartBanner } from './first-start-banner.js';

const organisation = {
  organisationId: 'org_first',
  apiKey: 'dl_live_key1_secretpart',
  apiKeyId: 'key1',
  organisationKey: 'dl_org_orgsecret',
};
const generated = { kind: 'generated' as const, token: 'dl_admin_opsecret' };
const kept = { kind: 'kept' as const };
const occurrences = (lines: string[], secret: string) => lines.join('\n').split(secret).length - 1;

describe('the first-start banner', () => {
  it('shows each secret on its own line once (the API key once more in the example call) and nothing else secret', () => {
    const lines = firstStartBanner({ operatorToken: generated, organisation }, 'http://lab.example');
    expect(lines).toEqual([
      '',
      'First start of this database (it had no operator token and no organisation): these secrets are shown once and stored only as hashes. Keep them.',
      '  operator token (DEVICELAB_ADMIN_TOKEN): dl_admin_opsecret',
      '  default organisation: org_first',
      '  API key:              dl_live_key1_secretpart',
      '  organisation key:     dl_org_orgsecret',
      '',
      '  try: curl -H "Authorization: Bearer dl_live_key1_secretpart" http://lab.example/tests',
      '',
      'Later starts keep them. Lost them? docs/service-lifecycle.md: a start with ADMIN_TOKEN=<a new value> replaces the operator token; admin create-key issues keys.',
    ]);
    expect(occurrences(lines, 'dl_admin_opsecret')).toBe(1);
    expect(occurrences(lines, 'dl_org_orgsecret')).toBe(1);
    expect(occurrences(lines, 'dl_live_key1_secretpart')).toBe(2);
  });

  it('shows only what this start made, and nothing on a later start', () => {
    const tokenOnly = firstStartBanner({ operatorToken: generated }, 'http://lab.example');
    expect(occurrences(tokenOnly, 'dl_admin_opsecret')).toBe(1);
    expect(tokenOnly.join('\n')).not.toMatch(/dl_live_|dl_org_|default organisation/);
    const orgOnly = firstStartBanner({ operatorToken: kept, organisation }, 'http://lab.example');
    expect(orgOnly.join('\n')).not.toMatch(/dl_admin_|DEVICELAB_ADMIN_TOKEN/);
    expect(occurrences(orgOnly, 'dl_org_orgsecret')).toBe(1);
    expect(firstStartBanner({ operatorToken: kept }, 'http://lab.example')).toEqual([]);
  });
});
