import { operatorTokenNotice } from './operator-token.js';
import type { FirstStartSecrets } from './provision.js';

/**
 * The lines a start prints about its secrets: new ones only where the database had none (the
 * only time they exist in clear), and what it did with ADMIN_TOKEN. Printed only once the
 * server listens (see main.ts), right after they are committed.
 */
export function firstStartBanner(secrets: FirstStartSecrets, baseUrl: string): string[] {
  const generated = secrets.operatorToken.kind === 'generated' ? secrets.operatorToken.token : undefined;
  const notice = operatorTokenNotice(secrets.operatorToken);
  const lines = notice ? [notice] : [];
  if (!generated && !secrets.organisation) return lines;
  const what = [generated && 'no operator token', secrets.organisation && 'no organisation'].filter(Boolean).join(' and ');
  lines.push('', `First start of this database (it had ${what}): these secrets are shown once and stored only as hashes. Keep them.`);
  if (generated) lines.push(`  operator token (DEVICELAB_ADMIN_TOKEN): ${generated}`);
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
  lines.push(
    'Later starts keep them. Lost them? docs/service-lifecycle.md: a start with ADMIN_TOKEN=<a new value> replaces the operator token; admin create-key issues keys.',
  );
  return lines;
}
