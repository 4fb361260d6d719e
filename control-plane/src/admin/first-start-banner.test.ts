import { describe, expect, it } from 'vitest';
import { firstStartBanner } from './first-start-banner.js';

const organisation = {
  organisationId: 'org_first', apiKey: 'dl_live_key1_secretpart', apiKeyId: 'key1', organisationKey: 'dl_org_orgsecret',
};
const occurrences = (lines: string[], secret: string) => lines.join('\n').split(secret).length - 1;

describe('the first-start banner', () => {
  it('shows each secret on its own line once (the API key once more in the example call) and nothing else secret', () => {
    const lines = firstStartBanner({ adminToken: 'dl_admin_opsecret', organisation }, 'http://lab.example');
    expect(lines).toEqual([
      '',
      'First start: these secrets are shown once and stored only as hashes. Keep them.',
      '  operator token (DEVICELAB_ADMIN_TOKEN): dl_admin_opsecret',
      '  default organisation: org_first',
      '  API key:              dl_live_key1_secretpart',
      '  organisation key:     dl_org_orgsecret',
      '',
      '  try: curl -H "Authorization: Bearer dl_live_key1_secretpart" http://lab.example/tests',
      '',
      'Lost them? docs/control-plane.md, "Recovering lost secrets": a new operator token (ADMIN_TOKEN) and new keys.',
    ]);
    expect(occurrences(lines, 'dl_admin_opsecret')).toBe(1);
    expect(occurrences(lines, 'dl_org_orgsecret')).toBe(1);
    expect(occurrences(lines, 'dl_live_key1_secretpart')).toBe(2);
  });

  it('shows only what this start made, and nothing on a later start', () => {
    const tokenOnly = firstStartBanner({ adminToken: 'dl_admin_opsecret' }, 'http://lab.example');
    expect(occurrences(tokenOnly, 'dl_admin_opsecret')).toBe(1);
    expect(tokenOnly.join('\n')).not.toMatch(/dl_live_|dl_org_|default organisation/);
    const orgOnly = firstStartBanner({ organisation }, 'http://lab.example');
    expect(orgOnly.join('\n')).not.toMatch(/dl_admin_|DEVICELAB_ADMIN_TOKEN/);
    expect(occurrences(orgOnly, 'dl_org_orgsecret')).toBe(1);
    expect(firstStartBanner({}, 'http://lab.example')).toEqual([]);
  });
});
