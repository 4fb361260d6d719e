import type { FirstStartSecrets } from './provision.js';

/**
 * The lines a first start prints: the only time these secrets exist in clear. Printed
 * only once the server listens (see main.ts), right after they are committed.
 */
export function firstStartBanner(secrets: FirstStartSecrets, baseUrl: string): string[] {
  if (!secrets.adminToken && !secrets.organisation) return [];
  const lines = ['', 'First start: these secrets are shown once and stored only as hashes. Keep them.'];
  if (secrets.adminToken) lines.push(`  operator token (DEVICELAB_ADMIN_TOKEN): ${secrets.adminToken}`);
  if (secrets.organisation) {
    const o = secrets.organisation;
    lines.push(
      `  default organisation: ${o.organisationId}`,
      `  API key:              ${o.apiKey}`,
      `  organisation key:     ${o.organisationKey}`,
      '',
      `  try: curl -H "Authorization: Bearer ${o.apiKey}" ${baseUrl}/tests`,
      '',
    );
  }
  lines.push('Lost them? docs/control-plane.md, "Recovering lost secrets": a new operator token (ADMIN_TOKEN) and new keys.');
  return lines;
}
